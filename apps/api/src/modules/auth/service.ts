import { ORGANISATION_ROLES, type Role } from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import type { SessionUser } from '../../platform/session';
import type { IdentityClaims } from '../../integrations/identity/client';
import { countersignatoryByCode } from '../organisations/service';
import type { Account, CountersignatoryAccount } from './record';
import * as store from './store';

const KNOWN_ROLES: readonly Role[] = [
  'APPLICANT',
  'APPLICATION_ONLY',
  'APPLICANT_BASIC',
  'CSG',
  'LEVEL1_CSG',
];

export type SignInOutcome = { ok: true; user: SessionUser } | { ok: false; errorCode: string };

/** Sign-in intents that only make sense for an applicant (a link to an application, a basic disclosure). */
export interface SignInIntent {
  applicantOnly: boolean;
}

export async function completeSignIn(
  db: Db,
  claims: IdentityClaims,
  intent: SignInIntent,
  now: Date,
  requestId: string,
): Promise<SignInOutcome> {
  const roles = claims.roles.filter((r): r is Role => (KNOWN_ROLES as readonly string[]).includes(r));
  const isOrganisationUser = roles.some((r) => (ORGANISATION_ROLES as readonly string[]).includes(r));
  const fail = async (errorCode: string): Promise<SignInOutcome> => {
    await writeAudit(db, { event: 'sign-in', outcome: 'failure', requestId, detail: { reason: errorCode } });
    return { ok: false, errorCode };
  };

  if (roles.length === 0) return fail('invalid_scope');
  if (intent.applicantOnly && isOrganisationUser) return fail('incorrect_role_csg');

  let countersignatoryId: string | null = null;
  if (isOrganisationUser) {
    // The register, not the identity claim, decides which organisation a countersignatory acts for.
    const csg = claims.countersignatoryCode
      ? await countersignatoryByCode(db, claims.countersignatoryCode)
      : null;
    if (!csg || !roles.includes(csg.role)) return fail('org_not_matching');
    countersignatoryId = csg.code;
  }

  const id = await store.upsertUser(
    db,
    {
      subject: claims.sub,
      roles,
      assuranceLevel: claims.assuranceLevel,
      forename: claims.givenName,
      surname: claims.familyName,
      dateOfBirth: claims.birthdate,
      email: claims.email,
      phone: claims.phone,
      countersignatoryId,
    },
    now,
  );
  await writeAudit(db, { event: 'sign-in', outcome: 'success', userId: id, requestId, detail: { roles } });
  return { ok: true, user: { id, roles, assuranceLevel: claims.assuranceLevel, countersignatoryId } };
}

export type { Account, CountersignatoryAccount } from './record';

/** A person's account by its id (the module's own record), or undefined. */
export function userById(db: Db, id: string): Promise<Account | undefined> {
  return store.findUser(db, id);
}

/** The account of a countersignatory record (its reminder setting), if its person has signed in. */
export function userOfCountersignatory(
  db: Db,
  countersignatoryId: string,
): Promise<CountersignatoryAccount | undefined> {
  return store.userOfCountersignatory(db, countersignatoryId);
}
