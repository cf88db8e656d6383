/** The floor every bench reads its figures beside: a bare Fastify server answering one primary-key query. */
import Fastify from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../apps/api/src/platform/db/database';

export async function startFloor(
  db: Db,
  userId: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const floor = Fastify({ logger: false });
  floor.get('/floor', async () => {
    const result = await sql<{ id: string; forename: string }>`
      select id, forename from users where id = ${userId}`.execute(db);
    return result.rows[0] ?? null;
  });
  const address = await floor.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${address}/floor`, close: () => floor.close() };
}
