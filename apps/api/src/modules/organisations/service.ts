import type { FastifyRequest } from 'fastify';
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

declare module 'fastify' {
  interface Session {
    /** The signed-in countersignatory's record, read once per session. */
    countersignatory?: CountersignatoryDetails;
  }
}

/**
 * The caller's countersignatory record, read from the database once per session and kept in it: the session
 * already fixes which countersignatory the person is until they sign in again, and the service never changes a
 * countersignatory record (the register is loaded, not edited), so nothing can make the kept copy stale.
 */
export async function callerCountersignatory(
  db: Db,
  request: FastifyRequest,
): Promise<CountersignatoryDetails | null> {
  const id = request.user?.countersignatoryId;
  if (!id) return null;
  const kept = request.session.get('countersignatory');
  if (kept?.code === id) return kept;
  const csg = await countersignatoryById(db, id);
  if (csg) request.session.set('countersignatory', csg);
  return csg;
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

/** Whether the organisation is a qualifying voluntary organisation (its volunteers' PVG applications are free). */
export async function organisationQualifiesAsVoluntary(db: Db, registeredBodyCode: string): Promise<boolean> {
  return store.isQualifyingVoluntary(db, registeredBodyCode);
}
