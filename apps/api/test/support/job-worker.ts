// A runner in a process of its own, for the crash drill in job-crash.test.ts: it opens the database named by its
// arguments, claims the due job of kind `test.crash` at the clock time it is given, says "running" on stdout, and
// then works on it forever, until the test kills the process with SIGKILL.
import { pino } from 'pino';
import { FakeClock } from '../../src/platform/clock';
import { openDatabase } from '../../src/platform/db/database';
import { createJobRunner } from '../../src/platform/jobs';

const [target = '', at = ''] = process.argv.slice(2);
const database = await openDatabase(
  target.startsWith('postgres') ? { databaseUrl: target, dataDir: 'unused' } : { dataDir: target },
);
const jobs = createJobRunner(database.db, new FakeClock(at), pino({ level: 'silent' }));
// Keeps the process alive while the job "runs" (the heartbeat timer would too).
setInterval(() => {}, 60_000);
jobs.handle('test.crash', async () => {
  process.stdout.write('running\n');
  await new Promise(() => {});
});
await jobs.runDue();
