import type { Db } from '../../platform/db/database';
import { userById } from '../auth/service';
import { membershipBySubject } from './store';

export interface SchemeMembershipDeps {
  db: Db;
}

/** Scheme membership of the signed-in applicant (spec 02 section 3), built once in `services.ts`. */
export function createSchemeMembershipService({ db }: SchemeMembershipDeps) {
  return {
    /** The person's PVG scheme membership, by their identity subject; null when they are not a member. */
    async membershipOf(userId: string) {
      const user = await userById(db, userId);
      const membership = user ? await membershipBySubject(db, user.subject) : undefined;
      if (!membership) return null;
      return {
        pvgMembershipNumber: membership.pvg_membership_number,
        joinedChildSchemeOn: membership.joined_child_scheme_on,
        joinedAdultSchemeOn: membership.joined_adult_scheme_on,
      };
    },
  };
}

export type SchemeMembershipService = ReturnType<typeof createSchemeMembershipService>;
