import type { FastifyInstance } from 'fastify';
import { declarationStatusContract, signDeclarationContract } from '@dis/domain/contracts';
import { ORGANISATION_ROLES } from '@dis/domain';
import { requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import type { Services } from '../../services';

/** The countersignatory's once-a-day declaration that they are entitled to view disclosures. */
export async function declarationRoutes(app: FastifyInstance, { declaration }: Services): Promise<void> {
  const access = { access: { roles: ORGANISATION_ROLES } };
  registerContract(app, declarationStatusContract, access, async ({ request }) =>
    declaration.status(requireUser(request).id),
  );
  registerContract(app, signDeclarationContract, access, async ({ request }) => {
    const signed = await declaration.sign(requireUser(request).id, request.id);
    // The organisation routes' check reads it from the session from now on (see the access check).
    request.session.set('declarationSignedOn', signed.signedOn);
    return signed;
  });
}
