/**
 * Issue 14's targets as one table. Each bench script records the figures behind its target (`recordTargets`): into
 * the file named by BENCH_TARGETS_FILE when `npm run bench` runs it, otherwise nowhere. `npm run bench` measures
 * target 1 itself, runs the scripts of targets 2–4 where they can run, and prints every figure with its goal and
 * the floor measured in the same run (`printTargets`). Nothing here asserts: a "NOT met" is a figure, not a failure.
 */
import { appendFileSync } from 'node:fs';

export interface TargetFigure {
  /** Issue 14's targets 1–4; 5 is issue 28's server-rendered pages (the dashboard's throughput, first loads). */
  target: 1 | 2 | 3 | 4 | 5;
  what: string;
  measured: string;
  goal: string;
  /** The floor measured in the same run, where the target is read beside one. */
  floor?: string;
  /** Undefined: not measured (`measured` says why). */
  met?: boolean;
}

export function recordTargets(figures: TargetFigure[]): void {
  const file = process.env.BENCH_TARGETS_FILE;
  if (file) appendFileSync(file, figures.map((f) => `${JSON.stringify(f)}\n`).join(''));
}

export function printTargets(figures: TargetFigure[]): void {
  const width = Math.max(...figures.map((f) => f.what.length), 20);
  console.log(
    `\n== Targets 1–4 (issue 14) and 5 (issue 28, pages rendered on the server)\n${'target'.padEnd(7)}${'what'.padEnd(width + 2)}${'measured'.padEnd(22)}${'goal'.padEnd(22)}${'floor'.padEnd(22)}`,
  );
  for (const f of [...figures].sort((a, b) => a.target - b.target)) {
    const verdict = f.met === undefined ? 'not run' : f.met ? 'met' : 'NOT met';
    console.log(
      `${String(f.target).padEnd(7)}${f.what.padEnd(width + 2)}${f.measured.padEnd(22)}${f.goal.padEnd(22)}${(f.floor ?? '').padEnd(22)}${verdict}`,
    );
  }
  const measured = figures.filter((f) => f.met !== undefined);
  console.log(
    `${measured.filter((f) => f.met).length} of ${measured.length} figures measured meet their goal; ${figures.length - measured.length} not run`,
  );
}
