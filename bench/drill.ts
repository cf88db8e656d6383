/**
 * `npm run drill`: the service as it runs in production, on this machine, losing parts under load (issue 33,
 * decision 0043). PostgreSQL-backed API instances (2 by default) behind HAProxy (deploy/haproxy.cfg), with Redis
 * and the shared stand-ins process, take mixed traffic at a set rate while, in turn, one instance is killed with
 * SIGKILL and started again, each instance is restarted with SIGTERM one after the other (a rolling deploy),
 * PostgreSQL is restarted, and Redis is unreachable for 10 seconds; then a steady run of 10 minutes. It prints the
 * requests made and failed by phase, p50/p95/p99 latency per phase, the figures against their goals, and checks
 * that every acknowledged submission and hand-over is in the database exactly once.
 *
 *   npm run drill                       every phase, then 10 minutes at 100 operations a second
 *   npm run drill -- --short            CI's form: two instances, 30 seconds, one kill; fails on a lost write
 *   npm run drill -- --skip=postgres,redis,soak --rate=50 --instances=3 --soak-seconds=120
 *
 * Needs DATABASE_URL (a PostgreSQL server where it may create and drop a database of its own) and Redis at
 * REDIS_URL (default redis://127.0.0.1:6379/0, database 0, which the tests leave alone). Without DATABASE_URL it
 * says so and stops without failing. The PostgreSQL phase restarts the whole PostgreSQL server of this machine
 * (pg_ctlcluster), so it is left out of the short form.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { Cluster, HAPROXY, sleep, waitForOk } from './drill/cluster';
import { Traffic, type RequestRecord } from './drill/traffic';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key = '', value = 'true'] = arg.replace(/^--/, '').split('=');
    return [key, value] as const;
  }),
);
const short = args.has('short');
const instances = Number(args.get('instances') ?? 2);
const rate = Number(args.get('rate') ?? (short ? 40 : 100));
const soakSeconds = Number(args.get('soak-seconds') ?? 600);
const skip = new Set((args.get('skip') ?? '').split(',').filter(Boolean));
if (short) for (const phase of ['rolling', 'postgres', 'redis', 'soak']) skip.add(phase);

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log(
    'Drill skipped: DATABASE_URL is not set (the drill needs a PostgreSQL server of its own to use).',
  );
  process.exit(0);
}
if (!existsSync(HAPROXY)) {
  console.log(`Drill cannot run: HAProxy is not installed at ${HAPROXY} (apt-get install haproxy).`);
  process.exit(1);
}
const redisUrl = process.env.DRILL_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
// Without a Redis to reach, the instances keep their sessions in PostgreSQL and the Redis phase is left out.
const redisTarget = new URL(redisUrl);
const redisAnswers = await new Promise<boolean>((resolve) => {
  const socket = net.connect(Number(redisTarget.port || 6379), redisTarget.hostname);
  socket.setTimeout(2000, () => socket.destroy(new Error('timed out')));
  socket.once('connect', () => {
    socket.end();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
});
if (!redisAnswers) {
  console.log(
    `Redis does not answer at ${redisTarget.host}: the instances keep sessions in PostgreSQL, no Redis phase.`,
  );
  skip.add('redis');
}

const log = (line: string) => console.log(`[drill ${new Date().toISOString().slice(11, 23)}] ${line}`);

// A database of the drill's own, dropped at the end.
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
const databaseName = `dis_drill_${randomBytes(5).toString('hex')}`;
await admin.query(`create database ${databaseName}`);
await admin.end();
const drillUrl = new URL(databaseUrl);
drillUrl.pathname = `/${databaseName}`;

interface PhaseNote {
  name: string;
  /** Seconds from the event (PostgreSQL back, Redis back) to the last failure of the phase. */
  recoveredAfterSeconds?: number;
}
const notes: PhaseNote[] = [];

let cluster: Cluster | undefined;
let traffic: Traffic | undefined;
let exitCode = 0;
try {
  log(`starting ${instances} instances, database ${databaseName}`);
  cluster = await Cluster.start({
    instances,
    databaseUrl: drillUrl.href,
    redisUrl: redisAnswers ? redisUrl : undefined,
    log,
  });
  traffic = new Traffic(cluster.publicUrl, rate, Math.max(20, Math.ceil(rate / 2)));
  const running = cluster;
  const load = traffic;
  load.start();
  const phase = async (name: string, work: () => Promise<void>) => {
    load.phase = name;
    log(`phase ${name}`);
    await work();
  };

  await phase('steady', () => sleep(short ? 8_000 : 20_000));
  await phase('kill', async () => {
    await running.kill(0);
    log('api1 killed (SIGKILL)');
    await sleep(short ? 4_000 : 5_000);
    await running.restart(0);
    log('api1 started again');
    await sleep(short ? 10_000 : 10_000);
  });
  if (!skip.has('rolling')) {
    await phase('rolling', async () => {
      for (let index = 0; index < running.instances.length; index++) {
        await running.terminate(index);
        log(`api${index + 1} stopped (SIGTERM)`);
        await running.restart(index);
        log(`api${index + 1} started again`);
      }
      await sleep(5_000);
    });
  }
  if (!skip.has('postgres')) {
    await phase('postgres', async () => {
      const cluster = execFileSync('ls', ['/etc/postgresql']).toString().trim().split('\n')[0]!;
      log(`restarting PostgreSQL ${cluster}`);
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', cluster, 'main', 'restart'], {
        stdio: 'inherit',
      });
      const back = Date.now();
      log('PostgreSQL back');
      await sleep(20_000);
      notes.push({
        name: 'postgres',
        recoveredAfterSeconds: lastFailureAfter(load.records, 'postgres', back),
      });
    });
  }
  if (!skip.has('redis')) {
    await phase('redis', async () => {
      await running.redisRelay?.cut();
      log('Redis unreachable');
      await sleep(10_000);
      await running.redisRelay?.open();
      const back = Date.now();
      log('Redis reachable again');
      await sleep(15_000);
      notes.push({ name: 'redis', recoveredAfterSeconds: lastFailureAfter(load.records, 'redis', back) });
    });
  }
  if (!skip.has('soak')) {
    await phase('soak', () => sleep(soakSeconds * 1000));
  } else {
    await phase('end', () => sleep(short ? 6_000 : 10_000));
  }
  await load.stop();
  // Everything answered: give the instances a moment, then check what was acknowledged.
  await waitForOk(`${running.publicUrl}/readyz`);
  const lost = await checkWrites(drillUrl.href, load);
  printFigures(load, notes, lost, { short, rate, instances });
  if (lost.lost + lost.doubled > 0) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await traffic?.stop().catch(() => {});
  await cluster?.stop().catch(() => {});
  const cleanup = new pg.Client({ connectionString: databaseUrl });
  await cleanup.connect().catch(() => {});
  await cleanup.query(`drop database if exists ${databaseName} with (force)`).catch(() => {});
  await cleanup.end().catch(() => {});
}
process.exit(exitCode);

function lastFailureAfter(records: RequestRecord[], phase: string, since: number): number {
  const failures = records.filter((r) => r.phase === phase && r.outcome !== 'ok' && r.at >= since);
  if (failures.length === 0) return 0;
  return (Math.max(...failures.map((r) => r.at)) - since) / 1000;
}

/** Every acknowledged submission and hand-over, looked for in the database: lost (absent) or doubled. */
async function checkWrites(url: string, load: Traffic) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const count = async (event: string) => {
      const { rows } = await db.query<{ reference: string; n: string }>(
        `select detail->>'applicationReference' as reference, count(*) as n from audit_events
         where event = $1 and outcome = 'success' group by 1`,
        [event],
      );
      return new Map(rows.map((row) => [row.reference, Number(row.n)]));
    };
    const declared = await count('application.declaration_signed');
    const handedOver = await count('application.handover');
    const { rows: emails } = await db.query<{ reference: string; n: string }>(
      `select a.reference, count(*) as n from outbox_messages m join applications a on a.id::text = m.about_id
       where m.template = 'handover' and m.about_type = 'application' group by 1`,
    );
    const emailed = new Map(emails.map((row) => [row.reference, Number(row.n)]));
    const { rows: submittedRows } = await db.query<{ reference: string }>(
      `select reference from applications where data->'declaration' is not null`,
    );
    const submitted = new Set(submittedRows.map((row) => row.reference));
    let lost = 0;
    let doubled = 0;
    const missing: string[] = [];
    for (const reference of load.acknowledged.submissions) {
      if (!submitted.has(reference) || !declared.has(reference)) {
        lost += 1;
        missing.push(
          `submission ${reference}: declaration ${submitted.has(reference)}, audit ${declared.has(reference)}`,
        );
      }
    }
    for (const reference of load.acknowledged.handovers) {
      if (!handedOver.has(reference) || !emailed.has(reference)) {
        lost += 1;
        missing.push(
          `hand-over ${reference}: audit ${handedOver.has(reference)}, email ${emailed.has(reference)}`,
        );
      }
    }
    for (const line of missing.slice(0, 10)) console.log(`  not found: ${line}`);
    for (const n of [...declared.values(), ...handedOver.values(), ...emailed.values()])
      if (n > 1) doubled += 1;
    return {
      lost,
      doubled,
      submissions: load.acknowledged.submissions.size,
      handovers: load.acknowledged.handovers.size,
    };
  } finally {
    await db.end();
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function printFigures(
  load: Traffic,
  phaseNotes: PhaseNote[],
  writes: Awaited<ReturnType<typeof checkWrites>>,
  run: { short: boolean; rate: number; instances: number },
) {
  const phases = [...new Set(load.records.map((r) => r.phase))];
  const rows = phases.map((name) => {
    const records = load.records.filter((r) => r.phase === name);
    const times = (kind?: 'api' | 'page') =>
      records
        .filter((r) => r.outcome === 'ok' && (!kind || r.kind === kind))
        .map((r) => r.ms)
        .sort((a, b) => a - b);
    const all = times();
    const api = times('api');
    const pages = times('page');
    const seconds =
      (Math.max(...records.map((r) => r.at)) - Math.min(...records.map((r) => r.at))) / 1000 || 1;
    return {
      phase: name,
      requests: records.length,
      'per second': Math.round(records.length / seconds),
      failed: records.filter((r) => r.outcome === 'failed').length,
      '503 (standard body)': records.filter((r) => r.outcome === 'unavailable').length,
      'failed %': Number(
        ((100 * records.filter((r) => r.outcome !== 'ok').length) / records.length).toFixed(3),
      ),
      'p50 ms': Math.round(percentile(all, 50)),
      'p95 ms': Math.round(percentile(all, 95)),
      'p99 ms': Math.round(percentile(all, 99)),
      'API p95 ms': Math.round(percentile(api, 95)),
      'page p95 ms': Math.round(percentile(pages, 95)),
    };
  });
  console.log(
    `\nDrill: ${run.instances} instances behind HAProxy, ${run.rate} operations a second of mixed traffic` +
      `${run.short ? ' (short form)' : ''}; ${load.skipped} operations not started (every virtual user busy)`,
  );
  console.table(rows);
  const failures = new Map<string, number>();
  for (const r of load.records.filter((r) => r.outcome !== 'ok')) {
    const key = `${r.phase}: ${r.what}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  }
  if (failures.size > 0) {
    console.log('Failed requests by phase and call:');
    for (const [key, n] of [...failures].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`  ${n}\t${key}`);
    console.log('The first failures of each phase (time, who answered, call):');
    for (const name of phases) {
      for (const r of load.records.filter((r) => r.phase === name && r.outcome !== 'ok').slice(0, 6))
        console.log(
          `  ${new Date(r.at).toISOString().slice(11, 23)}  ${r.source ?? ''}\t${r.phase}: ${r.what}`,
        );
    }
  }
  if (load.retried > 0)
    console.log(
      `${load.retried} reads were sent again after the connection to the proxy closed before any answer (as a browser does).`,
    );

  const row = (name: string) => rows.find((r) => r.phase === name);
  const goals: { goal: string; figure: string; met: boolean }[] = [];
  const kill = row('kill');
  if (kill)
    goals.push({
      goal: 'one instance killed under load: at most 0.1% failed',
      figure: `${kill['failed %']}% (${kill.failed + kill['503 (standard body)']} of ${kill.requests})`,
      met: kill['failed %'] <= 0.1,
    });
  const rolling = row('rolling');
  if (rolling)
    goals.push({
      goal: 'rolling restart: 0 failed requests',
      figure: `${rolling.failed + rolling['503 (standard body)']} failed of ${rolling.requests}`,
      met: rolling.failed + rolling['503 (standard body)'] === 0,
    });
  const postgres = row('postgres');
  const postgresNote = phaseNotes.find((n) => n.name === 'postgres');
  if (postgres && postgresNote)
    goals.push({
      goal: 'PostgreSQL restart: 503 with the standard body while down, recovered within 10 s of it being back',
      figure: `${postgres.failed} other failures, ${postgres['503 (standard body)']} standard 503s, last failure ${postgresNote.recoveredAfterSeconds} s after it was back`,
      met: postgres.failed === 0 && (postgresNote.recoveredAfterSeconds ?? 0) <= 10,
    });
  const redis = phaseNotes.find((n) => n.name === 'redis');
  if (redis && row('redis'))
    goals.push({
      goal: 'Redis unreachable for 10 s: recovered within 10 s of it being back',
      figure: `${row('redis')!.failed} other failures, ${row('redis')!['503 (standard body)']} standard 503s, last failure ${redis.recoveredAfterSeconds} s after it was back`,
      met: (redis.recoveredAfterSeconds ?? 0) <= 10,
    });
  const soak = row('soak');
  if (soak)
    goals.push({
      goal: 'steady run: 0 errors, p95 under 150 ms for API calls and 300 ms for pages',
      figure: `${soak.failed + soak['503 (standard body)']} errors, ${soak['per second']} requests a second, API p95 ${soak['API p95 ms']} ms, page p95 ${soak['page p95 ms']} ms`,
      met:
        soak.failed + soak['503 (standard body)'] === 0 &&
        soak['API p95 ms'] <= 150 &&
        soak['page p95 ms'] <= 300,
    });
  goals.push({
    goal: 'acknowledged submissions and hand-overs: 0 lost or doubled',
    figure: `${writes.submissions} submissions and ${writes.handovers} hand-overs acknowledged; ${writes.lost} lost, ${writes.doubled} doubled`,
    met: writes.lost === 0 && writes.doubled === 0,
  });
  console.log('\nFigures against their goals:');
  for (const g of goals) console.log(`  ${g.met ? 'MET    ' : 'NOT MET'}  ${g.goal}: ${g.figure}`);
}
