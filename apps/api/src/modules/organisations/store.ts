import type { Db } from '../../platform/db/database';

export function findCountersignatoryByCode(db: Db, countersignatoryCode: string) {
  return db
    .selectFrom('countersignatories')
    .innerJoin('registered_bodies', 'registered_bodies.code', 'countersignatories.registered_body_code')
    .selectAll('countersignatories')
    .select(['registered_bodies.name as organisation_name'])
    .where('countersignatories.countersignatory_code', '=', countersignatoryCode)
    .executeTakeFirst();
}

export function findCountersignatoryById(db: Db, id: string) {
  return db
    .selectFrom('countersignatories')
    .innerJoin('registered_bodies', 'registered_bodies.code', 'countersignatories.registered_body_code')
    .selectAll('countersignatories')
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
