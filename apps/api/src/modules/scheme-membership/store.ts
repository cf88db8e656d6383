import type { Db } from '../../platform/db/database';

export function membershipBySubject(db: Db, subject: string) {
  return db.selectFrom('scheme_memberships').selectAll().where('subject', '=', subject).executeTakeFirst();
}

/**
 * Local stand-in data: the `applicant-verified` persona is a scheme member. Keyed by the identity subject,
 * since the user row appears only at first sign-in. Idempotent, so it runs at every local start.
 */
export const SEED_MEMBERSHIPS = [
  {
    subject: 'applicant-verified',
    pvg_membership_number: '1504230000000300',
    joined_child_scheme_on: '2015-04-23',
    joined_adult_scheme_on: '2018-09-03',
  },
];

export async function seedSchemeMemberships(db: Db): Promise<void> {
  for (const membership of SEED_MEMBERSHIPS) {
    await db
      .insertInto('scheme_memberships')
      .values(membership)
      .onConflict((oc) => oc.column('subject').doNothing())
      .execute();
  }
}
