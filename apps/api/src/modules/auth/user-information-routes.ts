import type { FastifyInstance } from 'fastify';
import { APPLICANT_ROLES, ORGANISATION_ROLES } from '@dis/domain';
import { userInformationContract } from '@dis/domain/contracts';
import { registerContract } from '../../platform/contracts';
import { ApiError } from '../../platform/errors';
import { sessionExpiryTime } from '../../platform/session';
import { userById } from './service';
import type { Services } from '../../services';

/** Who is signed in: their name, roles, assurance, session expiry and (for a countersignatory) organisation. */
export function userInformationRoutes(app: FastifyInstance, { db, organisations }: Services): void {
  registerContract(
    app,
    userInformationContract,
    { access: { roles: [...APPLICANT_ROLES, ...ORGANISATION_ROLES] } },
    async ({ request }) => {
      const sessionUser = request.user;
      // The name is read once per session: the user record is written only at sign-in, which starts a new one.
      let name = request.session.get('userName');
      if (sessionUser && !name) {
        const found = await userById(db, sessionUser.id);
        if (found) {
          name = { forename: found.forename, surname: found.surname };
          request.session.set('userName', name);
        }
      }
      if (!sessionUser || !name)
        throw new ApiError(401, 'UNAUTHENTICATED', 'You are no longer signed in. Sign in again.');
      const csg = await organisations.callerCountersignatory(request);
      return {
        id: sessionUser.id,
        expiryTime: sessionExpiryTime(request)?.toISOString() ?? null,
        roles: sessionUser.roles.map((role) => `/${role}`),
        assuranceLevel: sessionUser.assuranceLevel,
        name,
        ...(csg
          ? {
              countersignatoryDetails: {
                organisationCode: csg.organisationCode,
                code: csg.code,
                name: csg.name,
                organisationName: csg.organisationName,
                countersignatoryCode: csg.countersignatoryCode,
                emailAddress: csg.emailAddress,
                isLead: csg.isLead,
              },
            }
          : {}),
      };
    },
  );
}
