/**
 * A 100-row CSV batch from upload to PROCESSED against the real server on a local port: the upload (virus scan over
 * the clamd protocol to the local stand-in, checks of every row, the batch stored and submitted), and the background
 * job making and handing over 100 applications (one email each), followed by polling as the results page does.
 * Prints figures; asserts nothing. Usage: npm run bench:batch -w bench [-- --runs 3]. With DATABASE_URL, name a
 * throwaway database: the migrations and 100 applications a run are written there.
 */
import { parseArgs } from 'node:util';
import { BATCH_CSV_COLUMNS, BATCH_CSV_EXAMPLE_ROWS, CSV_MAX_ROWS } from '@dis/domain';
import { BULK_APPLICATIONS_PATH } from '@dis/domain/contracts';
import { signDeclaration, signIn, startBenchServer } from './server';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);

const { base, config, built } = await startBenchServer();
// As main.ts does: the job runner polls, and an upload wakes it.
built.jobs.start(config.jobPollMs);
const cookie = await signIn(base, 'csg');
await signDeclaration(base, cookie);
const headers = { cookie, origin: base, 'x-requested-with': 'XMLHttpRequest' };

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

function file(): string {
  const rows = Array.from({ length: CSV_MAX_ROWS }, () => {
    const suffix = letters(8);
    const row: Record<string, string> = {
      ...BATCH_CSV_EXAMPLE_ROWS[0],
      lastName: `Bench-${suffix}`,
      email: `bench.${suffix}@example.com`,
    };
    return BATCH_CSV_COLUMNS.map((column) => row[column] ?? '').join(',');
  });
  return [BATCH_CSV_COLUMNS.join(','), ...rows].join('\n');
}

console.log(`engine: ${built.database.engine}; ${runs} runs of ${CSV_MAX_ROWS} rows`);
for (let run = 1; run <= runs; run++) {
  const form = new FormData();
  const name = `RB1001_20261123_${String(100000 + run + Math.floor(Math.random() * 800000)).slice(0, 6)}.csv`;
  form.append('file', new Blob([file()], { type: 'text/csv' }), name);
  const t0 = performance.now();
  const uploaded = await fetch(`${base}${BULK_APPLICATIONS_PATH}`, { method: 'POST', body: form, headers });
  const { metadata } = (await uploaded.json()) as { metadata: { id: string; readyApplications: number } };
  const t1 = performance.now();
  let status = '';
  let made = 0;
  while (status !== 'PROCESSED' && status !== 'FAILED') {
    // Tighter than the page's 1000/1500 ms, so the figure is the processing time and not the polling.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const res = await fetch(`${base}${BULK_APPLICATIONS_PATH}/${metadata.id}`, { headers });
    const body = (await res.json()) as { metadata: { status: string; submittedApplications: number } };
    status = body.metadata.status;
    made = body.metadata.submittedApplications;
  }
  const t2 = performance.now();
  console.log(
    `run ${run}: upload and check ${(t1 - t0).toFixed(0).padStart(5)} ms (${metadata.readyApplications} ready)   to ${status} ${(t2 - t1).toFixed(0).padStart(5)} ms (${made} applications)   total ${(t2 - t0).toFixed(0).padStart(5)} ms`,
  );
}
await built.close();
