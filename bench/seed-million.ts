/**
 * Seeds the scale bench's own PostgreSQL database (default `bench_million` on 127.0.0.1:5432, never the shared
 * `test` one) with the schema, the local register and 1,000,000 applications, generated in SQL in chunks of
 * 100,000. Usage: npm run bench:seed -w bench [-- --count 1000000 --fresh]
 * BENCH_ADMIN_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_DATABASE the name.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../apps/api/src/platform/db/database';
import { seedLocalRegister } from '../apps/api/src/modules/organisations/seed';
import { ADMIN_URL, BENCH_DATABASE, benchDatabaseUrl } from './seed-million-target';
import { seedApplications } from './seed';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '1000000' }, fresh: { type: 'boolean', default: false } },
});
const count = Number(values.count);

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
if (values.fresh) await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
const exists = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE]);
if (exists.rowCount === 0) await admin.query(`create database ${BENCH_DATABASE}`);
await admin.end();

const database = await openDatabase({ databaseUrl: benchDatabaseUrl(), dataDir: 'unused' });
const { db } = database;
await migrateToLatest(db);
await seedLocalRegister(db);
const before = await sql<{ n: string }>`select count(*) as n from applications`.execute(db);
console.log(`${BENCH_DATABASE}: ${before.rows[0]!.n} applications before; adding ${count}`);
const started = performance.now();
const CHUNK = 100_000;
for (let done = 0; done < count; done += CHUNK) {
  await seedApplications(db as never, { count: Math.min(CHUNK, count - done), applicantUsers: 200_000 });
  console.log(
    `  ${done + Math.min(CHUNK, count - done)} added (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
}
await sql`vacuum analyze`.execute(db);
const after = await sql<{ n: string; org: string }>`
  select count(*) as n, count(*) filter (where organisation_code = 'RB1001') as org from applications`.execute(
  db,
);
console.log(
  `done: ${after.rows[0]!.n} applications (${after.rows[0]!.org} in RB1001) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
await database.close();
