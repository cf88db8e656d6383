import type { FastifyInstance } from 'fastify';
import { APPLICANT_ROLES, ORGANISATION_ROLES } from '@dis/domain';
import { requireUser } from '../../platform/access';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { personalDetails } from './service';

export async function personalDetailsRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get(
    '/api/personal-details/me',
    { config: { access: { roles: [...APPLICANT_ROLES, ...ORGANISATION_ROLES] } } },
    async (request) => {
      const details = await personalDetails(db, requireUser(request).id);
      if (!details) throw notFound('Personal details');
      return details;
    },
  );
}
