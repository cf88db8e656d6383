import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/database';
import { ACCOUNT_COLUMNS, type Account, type CountersignatoryAccount } from './record';

export interface UserRecord {
  subject: string;
  roles: string[];
  assuranceLevel: string;
  forename: string;
  surname: string;
  dateOfBirth: string | null;
  email: string | null;
  phone: string | null;
  countersignatoryId: string | null;
}

/** Creates or refreshes the user from the identity provider's claims; the provider is the source of truth for these fields. */
export async function upsertUser(db: Db, user: UserRecord, now: Date): Promise<string> {
  const values = {
    roles: user.roles,
    assurance_level: user.assuranceLevel,
    forename: user.forename,
    surname: user.surname,
    date_of_birth: user.dateOfBirth,
    email: user.email,
    phone: user.phone,
    countersignatory_id: user.countersignatoryId,
    last_signed_in_at: now,
  };
  const row = await db
    .insertInto('users')
    .values({ id: randomUUID(), subject: user.subject, ...values })
    .onConflict((oc) => oc.column('subject').doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findUser(db: Db, id: string): Promise<Account | undefined> {
  const row = await db.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && { ...row, roles: [...row.roles] };
}

/** The account of a countersignatory record (its reminder setting), if one has signed in. */
export function userOfCountersignatory(
  db: Db,
  countersignatoryId: string,
): Promise<CountersignatoryAccount | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('countersignatory_id', '=', countersignatoryId)
    .executeTakeFirst();
}
