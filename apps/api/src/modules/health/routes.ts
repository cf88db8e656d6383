import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'public' } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'database not ready');
      return reply.status(503).send({ status: 'unavailable', database: 'unavailable' });
    }
  });
}
