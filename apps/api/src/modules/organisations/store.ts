import type { Db } from '../../platform/db/database';
import { columnOf } from '../../platform/db/rows';
import type { CountersignatoriesTable } from '../../platform/db/schema';

/** Countersignatories joined to their organisation (a finder selects the organisation's columns it needs). */
const countersignatoriesWithOrganisation = (db: Db) =>
  db
    .selectFrom('countersignatories')
    .innerJoin('registered_bodies', 'registered_bodies.code', 'countersignatories.registered_body_code')
    .selectAll('countersignatories');

export function findCountersignatoryByCode(db: Db, countersignatoryCode: string) {
  return countersignatoriesWithOrganisation(db)
    .select(['registered_bodies.name as organisation_name'])
    .where('countersignatories.countersignatory_code', '=', countersignatoryCode)
    .executeTakeFirst();
}

export function findCountersignatoryById(db: Db, id: string) {
  return countersignatoriesWithOrganisation(db)
    .select([
      'registered_bodies.name as organisation_name',
      'registered_bodies.address as organisation_address',
      'registered_bodies.email as organisation_email',
      'registered_bodies.main_phone as organisation_phone',
    ])
    .where('countersignatories.id', '=', id)
    .executeTakeFirst();
}

export function listCostCentres(db: Db, registeredBodyCode: string) {
  return db
    .selectFrom('cost_centres')
    .select('cost_centre_code')
    .where('registered_body_code', '=', registeredBodyCode)
    .orderBy('cost_centre_code')
    .execute();
}

// Writes of the local register (the seed of local starts and benchmarks): each leaves an existing row as it is.

export async function insertRegisteredBodyIfAbsent(
  db: Db,
  body: {
    code: string;
    name: string;
    address: Record<string, string>;
    email: string;
    mainPhone: string;
    qualifyingVoluntary: boolean;
  },
): Promise<void> {
  await db
    .insertInto('registered_bodies')
    .values({
      code: body.code,
      name: body.name,
      address: JSON.stringify(body.address),
      email: body.email,
      main_phone: body.mainPhone,
      qualifying_voluntary: body.qualifyingVoluntary,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export async function insertCountersignatoryIfAbsent(
  db: Db,
  c: {
    id: string;
    registeredBodyCode: string;
    countersignatoryCode: string;
    role: CountersignatoriesTable['role'];
    isLead: boolean;
    title: string;
    forename: string;
    surname: string;
    email: string;
  },
): Promise<void> {
  await db
    .insertInto('countersignatories')
    .values({
      id: c.id,
      registered_body_code: c.registeredBodyCode,
      countersignatory_code: c.countersignatoryCode,
      role: c.role,
      is_lead: c.isLead,
      title: c.title,
      forename: c.forename,
      middle_names: null,
      surname: c.surname,
      email: c.email,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function insertCostCentreIfAbsent(
  db: Db,
  registeredBodyCode: string,
  costCentreCode: string,
): Promise<void> {
  await db
    .insertInto('cost_centres')
    .values({ registered_body_code: registeredBodyCode, cost_centre_code: costCentreCode })
    .onConflict((oc) => oc.columns(['registered_body_code', 'cost_centre_code']).doNothing())
    .execute();
}

export async function isQualifyingVoluntary(db: Db, registeredBodyCode: string): Promise<boolean> {
  const qualifying = await columnOf(db, 'registered_bodies', 'qualifying_voluntary', [
    'code',
    registeredBodyCode,
  ]);
  return qualifying === true;
}
