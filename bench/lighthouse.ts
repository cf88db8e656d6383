/**
 * Lighthouse (mobile: a mid-range phone on a slow 4G connection, simulated) against the real server with the
 * current web build (run `npm run build` first): the launch page, the countersignatory dashboard with a page of
 * applications, a journey's question page (a Level 2's first step) and an applicant's result page (a bench result given to the applicant persona),
 * signed in through the local identity provider. Prints each page's
 * performance score, LCP, CLS and the JavaScript it downloaded. Target: at least 95 each, CLS under 0.05.
 * Debian's Chromium is used (CHROME_PATH, default /usr/bin/chromium); nothing is downloaded.
 * Usage: npm run bench:lighthouse -w bench [-- --base http://localhost:3000] [-- --verbose] [-- --runs 5]
 * [-- --only result] [-- --json DIR] (--json: the median run's report of each page written to DIR; --base: a running server, else one starts here; --verbose: what shifted, the LCP element, the
 * long tasks and each script downloaded; --only: the pages whose name contains the text;
 * --runs: Lighthouse runs per page, default 3, of which the median by score is printed, as Lighthouse advises:
 * Total Blocking Time varies from run to run with what else the machine is doing)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import { sql, type Kysely } from 'kysely';
import lighthouse, { type Result } from 'lighthouse';
import { seedApplications } from './seed';
import { signDeclaration, signIn, startBenchServer } from './server';
import { recordTargets } from './targets';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    json: { type: 'string' },
  },
});
export const LIGHTHOUSE_TARGET = 95;
export const CLS_TARGET = 0.05;

// The embedded database, whatever DATABASE_URL says: Lighthouse measures the browser's side, and the seed and the
// result below would otherwise be written into the database DATABASE_URL names (a second run then met its own
// rows), never a database of the bench's own.
const server = values.base
  ? undefined
  : await startBenchServer({
      DATABASE_URL: '',
      REDIS_URL: '',
      ...(process.env.BENCH_LOG ? { LOG_LEVEL: process.env.BENCH_LOG } : {}),
    });
const base = values.base ?? server!.base;

const csg = await signIn(base, 'csg');
await signDeclaration(base, csg);
// A page of the organisation's applications, so the dashboard shows its table; the first is the journey measured.
let draftToken = '';
for (let i = 0; i < 12; i++) {
  const res = await fetch(`${base}/api/draftApplications`, {
    method: 'POST',
    body: JSON.stringify({ applicationType: 'LB' }),
    headers: {
      cookie: csg,
      origin: base,
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
    },
  });
  if (res.status !== 201) throw new Error(`Could not create an application: ${res.status}`);
  draftToken ||= ((await res.json()) as { draftApplicationToken: string }).draftApplicationToken;
}
// A question page of a journey (journey-page.tsx, the page bench/bundle.ts measures): a Level 2's first step.
const journeyStep = `/csg-apply/level-2/confirm-role?token=${encodeURIComponent(draftToken)}`;
const stepAnswer = await fetch(`${base}${journeyStep}`, { headers: { cookie: csg } });
if (stepAnswer.status !== 200) throw new Error(`The journey step answered ${stepAnswer.status}`);

const applicant = await signIn(base, 'applicant-verified');
// Only with the bench's own server: a result is given to the applicant through its database.
const resultPath = server ? await applicantResult(applicant) : undefined;
if (!resultPath)
  console.log("--base: the applicant's result page is left out (it needs the bench's own server)");

const pages: { name: string; path: string; cookie?: string }[] = [
  { name: 'launch page', path: '/' },
  { name: 'countersignatory dashboard', path: '/csg/dashboard', cookie: csg },
  { name: 'journey step (confirm the role)', path: journeyStep, cookie: csg },
  ...(resultPath ? [{ name: "applicant's result page", path: resultPath, cookie: applicant }] : []),
];

/**
 * A result of the applicant persona's own: a few bench applications are seeded (bench/seed.ts), one submitted one
 * is given to the applicant who has just signed in (with the applicant's declaration, which casework looks for, and
 * a reference of the service's form, which the casework API's path must have),
 * and its result (a Level 2 with cautions) is issued through the
 * casework API, as casework would.
 */
async function applicantResult(cookie: string): Promise<string> {
  const { built, config } = server!;
  const db = built.database.db as unknown as Kysely<unknown>;
  await seedApplications(db, { count: 40 });
  const user = await sql<{ id: string }>`
    select id from users where subject = 'applicant-verified'`.execute(db);
  const userId = user.rows[0]?.id;
  if (!userId) throw new Error('The applicant persona has no user after signing in');
  const submitted = await sql<{ reference: string }>`
    update applications
    set applicant_user_id = ${userId}, applicant_data = ${JSON.stringify({
      origin: 'organisation',
      draft: {},
      declaration: { agreed: true, date: new Date().toISOString().slice(0, 10) },
    })}::jsonb,
      reference = 'DS-BENCH-00001'
    where id = (select id from applications where id like 'bench-%' and status = 'SUBMITTED' order by id limit 1)
    returning reference`.execute(db);
  const reference = submitted.rows[0]?.reference;
  if (!reference) throw new Error('The bench seed made no submitted application');
  const issued = await fetch(`${base}/internal/casework/applications/${reference}/result`, {
    method: 'POST',
    body: JSON.stringify({ preset: 'level-2-cautions' }),
    headers: { authorization: `Bearer ${config.caseworkApiToken}`, 'content-type': 'application/json' },
  });
  if (issued.status !== 200 && issued.status !== 201)
    throw new Error(`Could not issue a result: ${issued.status} ${await issued.text()}`);
  const result = await sql<{ id: string }>`
    select r.id from results r join applications a on a.id = r.application_id
    where a.reference = ${reference}`.execute(db);
  const path = `/results/${result.rows[0]!.id}`;
  const page = await fetch(`${base}${path}`, { headers: { cookie } });
  if (page.status !== 200) throw new Error(`The applicant's result page answered ${page.status}`);
  return path;
}

const measured = values.only ? pages.filter((page) => page.name.includes(values.only!)) : pages;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});

interface Row {
  name: string;
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsKb: number;
}
const rows: Row[] = [];
try {
  for (const page of measured) {
    const runs: { lhr: Result; score: number }[] = [];
    let failed = 0;
    while (runs.length < Math.max(1, Number(values.runs))) {
      const result = await lighthouse(`${base}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
      // A run Lighthouse could not complete has no score (it reports 0): it is said and run again, never counted.
      const { runtimeError } = result.lhr;
      if (runtimeError || result.lhr.categories.performance?.score == null) {
        console.log(
          page.name,
          'run failed, run again:',
          runtimeError?.code ?? 'no score',
          runtimeError?.message ?? '',
        );
        if (++failed > 3) throw new Error(`Lighthouse failed ${failed} times on ${page.path}`);
        continue;
      }
      runs.push({ lhr: result.lhr, score: result.lhr.categories.performance.score });
    }
    runs.sort((a, b) => a.score - b.score);
    const { lhr } = runs[Math.floor(runs.length / 2)]!;
    // --json DIR: the median run's whole report, to read what LCP waited for (its element, its phases, the requests).
    if (values.json) {
      mkdirSync(values.json, { recursive: true });
      const file = join(values.json, `${page.name.replace(/[^a-z0-9]+/gi, '-')}.json`);
      writeFileSync(file, JSON.stringify(lhr));
      console.log(page.name, 'report written to', file);
    }
    if (runs.length > 1)
      console.log(page.name, 'scores of each run:', runs.map((r) => Math.round(r.score * 100)).join(', '));
    if (values.verbose) {
      // What moved: the elements behind the layout shifts, and the LCP element.
      const metrics = ['first-contentful-paint', 'speed-index', 'interactive', 'max-potential-fid'];
      console.log(page.name, metrics.map((m) => `${m} ${lhr.audits[m]?.displayValue}`).join(', '));
      for (const id of ['cls-culprits-insight', 'lcp-breakdown-insight', 'render-blocking-insight']) {
        console.log(page.name, id, JSON.stringify(lhr.audits[id]?.details ?? null).slice(0, 3000));
      }
      // Where the main thread's time went (what Total Blocking Time is made of), per script and per kind of work.
      for (const id of ['bootup-time', 'mainthread-work-breakdown']) {
        const rowsOf = (lhr.audits[id]?.details as { items?: Record<string, unknown>[] })?.items ?? [];
        const text = rowsOf
          .slice(0, 8)
          .map((item) => {
            const label = String(item.url ?? item.groupLabel ?? item.group ?? '').replace(base, '');
            const ms = Number(item.scripting ?? item.duration ?? item.total ?? 0);
            return `${label} ${ms.toFixed(0)} ms`;
          })
          .join('; ');
        console.log(page.name, id, text);
      }
      // The tasks that make up Total Blocking Time (the part of each over 50 ms counts), on the simulated phone's timeline.
      const tasks = (lhr.audits['long-tasks']?.details as { items?: Record<string, unknown>[] })?.items ?? [];
      console.log(
        page.name,
        'long tasks',
        tasks
          .map(
            (t) =>
              `${String(t.url).replace(base, '')} at ${Number(t.startTime).toFixed(0)} for ${Number(t.duration).toFixed(0)} ms`,
          )
          .join('; '),
      );
    }
    const items =
      (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] })?.items ?? [];
    if (values.verbose)
      console.log(
        page.name,
        'scripts',
        items
          .filter((item) => item.resourceType === 'Script')
          .map(
            (item) =>
              `${String(item.url).replace(base, '')} ${(Number(item.transferSize) / 1024).toFixed(1)} KB`,
          )
          .join('; '),
      );
    const jsBytes = items
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
    rows.push({
      name: page.name,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      jsKb: jsBytes / 1024,
    });
  }
} finally {
  chrome.kill();
  await server?.built.close();
}

console.log('Page                               score   LCP ms   CLS     TBT ms   JS transferred KB');
for (const r of rows) {
  console.log(
    `${r.name.padEnd(34)} ${String(r.score).padStart(5)}   ${r.lcpMs.toFixed(0).padStart(6)}   ${r.cls.toFixed(3)}   ${r.tbtMs.toFixed(0).padStart(6)}   ${r.jsKb.toFixed(1).padStart(8)}`,
  );
}
const met = rows.every((r) => r.score >= LIGHTHOUSE_TARGET && r.cls < CLS_TARGET);
recordTargets(
  rows.flatMap((r) => [
    {
      target: 3 as const,
      what: `Lighthouse mobile: ${r.name}`,
      measured: `score ${r.score}`,
      goal: `at least ${LIGHTHOUSE_TARGET}`,
      met: r.score >= LIGHTHOUSE_TARGET,
    },
    {
      target: 3 as const,
      what: `CLS: ${r.name}`,
      measured: r.cls.toFixed(3),
      goal: `under ${CLS_TARGET}`,
      met: r.cls < CLS_TARGET,
    },
  ]),
);
console.log(
  `Target (score at least ${LIGHTHOUSE_TARGET}, CLS under ${CLS_TARGET} on each page): ${met ? 'met' : 'NOT met'}`,
);
process.exit(0);
