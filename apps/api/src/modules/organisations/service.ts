import type { FastifyRequest } from 'fastify';
import { refuse, requireUser } from '../../platform/access';
import type { Db } from '../../platform/db/database';
import { ApiError, notFound } from '../../platform/errors';
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

export async function costCentres(db: Db, registeredBodyCode: string) {
  const rows = await store.listCostCentres(db, registeredBodyCode);
  return rows.map((r) => ({ costCentreCode: r.cost_centre_code }));
}

/** Whether the organisation is a qualifying voluntary organisation (its volunteers' PVG applications are free). */
export async function organisationQualifiesAsVoluntary(db: Db, registeredBodyCode: string): Promise<boolean> {
  return store.isQualifyingVoluntary(db, registeredBodyCode);
}

export interface OrganisationsDeps {
  db: Db;
}

/**
 * The organisation routes' service, built once in `services.ts`, and the caller's countersignatory record for the
 * other modules' routes. A countersignatory reaches their own registration and their own body's cost centres only:
 * anything else is refused (audited) and answered as not found.
 */
export function createOrganisationsService({ db }: OrganisationsDeps) {
  return {
    /** The caller's countersignatory record (kept in the session after its first read), or null. */
    callerCountersignatory: (request: FastifyRequest) => callerCountersignatory(db, request),

    /** The caller's countersignatory record; without one, 403 COUNTERSIGNATORY_EMPTY. */
    async requireCallerCountersignatory(request: FastifyRequest): Promise<CountersignatoryDetails> {
      const csg = await callerCountersignatory(db, request);
      if (!csg) throw new ApiError(403, 'COUNTERSIGNATORY_EMPTY', 'Your countersignatory record is empty');
      return csg;
    },

    /** The registration of countersignatory `id`: the caller's own only. */
    async countersignatoryInformation(request: FastifyRequest, id: string) {
      const user = requireUser(request);
      if (user.countersignatoryId !== id) {
        await refuse(db, request, 'not_own_countersignatory');
        throw notFound('Countersignatory details');
      }
      const row = await store.findCountersignatoryById(db, id);
      if (!row) throw notFound('Countersignatory details');
      return {
        organisationName: row.organisation_name,
        organisationCode: row.registered_body_code,
        countersignatoryCode: row.countersignatory_code,
        address: row.organisation_address,
        emailAddress: row.organisation_email,
        mainPhoneNumber: row.organisation_phone,
      };
    },

    /** The cost-centre sub-accounts of registered body `organisationCode`: the caller's own only. */
    async costCentresOf(request: FastifyRequest, organisationCode: string) {
      requireUser(request);
      const csg = await callerCountersignatory(db, request);
      if (!csg || csg.organisationCode !== organisationCode) {
        await refuse(db, request, 'not_own_organisation');
        throw notFound('Organisation');
      }
      return costCentres(db, organisationCode);
    },
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
