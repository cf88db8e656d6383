/** The load generator's front: runs it in a worker thread and summarises the latencies it measured. */
import { Worker } from 'node:worker_threads';

export interface Measured {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** Every latency measured, in milliseconds, sorted. */
  latencies: number[];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Rounds of one call as one figure: the median round's req/s, and the percentiles of all rounds' latencies. */
export function combine(rounds: Measured[]): Measured {
  const rps = rounds.map((r) => r.rps).sort((a, b) => a - b);
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return {
    rps: rps[Math.floor(rps.length / 2)]!,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    latencies,
  };
}

/** Runs `connections` clients against one URL for `seconds` in a worker thread and summarises the latencies. */
export function measure(url: string, connections: number, secs: number, cookie?: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load.mjs', import.meta.url), {
      workerData: { url, cookie, connections, seconds: secs },
    });
    worker.once('message', ({ latencies, errors }: { latencies: number[]; errors: number }) => {
      latencies.sort((a, b) => a - b);
      const pct = (p: number) => percentile(latencies, p);
      resolve({ rps: latencies.length / secs, p50: pct(50), p95: pct(95), p99: pct(99), errors, latencies });
    });
    worker.once('error', reject);
  });
}
