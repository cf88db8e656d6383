import type { Db } from '../../platform/db/database';
import * as store from './store';

export interface CountersignatoryDetails {
  organisationCode: string;
  code: string;
  name: string;
  organisationName: string;
  countersignatoryCode: string;
  emailAddress: string;
  role: 'CSG' | 'LEVEL1_CSG';
  isLead: boolean;
}

export async function countersignatoryByCode(
  db: Db,
  countersignatoryCode: string,
): Promise<CountersignatoryDetails | null> {
  const row = await store.findCountersignatoryByCode(db, countersignatoryCode);
  return row ? toDetails(row) : null;
}

export async function countersignatoryById(db: Db, id: string): Promise<CountersignatoryDetails | null> {
  const row = await store.findCountersignatoryById(db, id);
  return row ? toDetails(row) : null;
}

function toDetails(row: {
  id: string;
  registered_body_code: string;
  countersignatory_code: string;
  title: string;
  forename: string;
  middle_names: string | null;
  surname: string;
  email: string;
  role: 'CSG' | 'LEVEL1_CSG';
  is_lead: boolean;
  organisation_name: string;
}): CountersignatoryDetails {
  return {
    organisationCode: row.registered_body_code,
    code: row.id,
    name: [row.title, row.forename, row.middle_names, row.surname].filter(Boolean).join(' '),
    organisationName: row.organisation_name,
    countersignatoryCode: row.countersignatory_code,
    emailAddress: row.email,
    role: row.role,
    isLead: row.is_lead,
  };
}

export async function countersignatoryInformation(db: Db, id: string) {
  const row = await store.findCountersignatoryById(db, id);
  if (!row) return null;
  return {
    organisationName: row.organisation_name,
    organisationCode: row.registered_body_code,
    countersignatoryCode: row.countersignatory_code,
    address: row.organisation_address,
    emailAddress: row.organisation_email,
    mainPhoneNumber: row.organisation_phone,
  };
}

export async function costCentres(db: Db, registeredBodyCode: string) {
  const rows = await store.listCostCentres(db, registeredBodyCode);
  return rows.map((r) => ({ costCentreCode: r.cost_centre_code }));
}
