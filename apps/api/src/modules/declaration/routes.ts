import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ORGANISATION_ROLES } from '@dis/domain';
import { requireUser } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { declarationBody, declarationStatus, signDeclaration } from './service';

/** The countersignatory's once-a-day declaration that they are entitled to view disclosures. */
export async function declarationRoutes(
  app: FastifyInstance,
  { db, clock }: { db: Db; clock: Clock },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { roles: ORGANISATION_ROLES };

  r.get('/api/declaration', { config: { access } }, async (request) =>
    declarationStatus(db, requireUser(request).id, clock.now()),
  );

  r.post('/api/declaration', { schema: { body: declarationBody }, config: { access } }, async (request) => {
    const signed = await signDeclaration(db, requireUser(request).id, clock.now(), request.id);
    // The organisation routes' check reads it from the session from now on (see the access check).
    request.session.set('declarationSignedOn', signed.signedOn);
    return signed;
  });
}
