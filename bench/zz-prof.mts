import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { seedApplications } from './seed';
import { signDeclaration, signIn, startBenchServer } from './server';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
const name = `bench_prof_${randomBytes(4).toString('hex')}`;
await admin.query(`create database ${name}`);
const { base, built } = await startBenchServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}`, REDIS_URL: 'redis://127.0.0.1:6379' });
await seedApplications(built.database.db as never, { count: 300 });
const csg = await signIn(base, 'csg');
await signDeclaration(base, csg);
const path = process.argv[2] ?? '/ags/disclosure-summaries';
for (let round = 0; round < 2; round++) {
  const t = performance.now();
  const N = 1000;
  let inflight: Promise<unknown>[] = [];
  for (let i = 0; i < N; i++) {
    inflight.push(built.app.inject({ method: 'GET', url: path, headers: { cookie: csg } }));
    if (inflight.length === 10) { await Promise.all(inflight); inflight = []; }
  }
  await Promise.all(inflight);
  console.log(path, `${((performance.now() - t) / N).toFixed(2)} ms per request (10 in flight)`);
}
await built.close();
await admin.query(`drop database ${name} with (force)`); await admin.end();
