/** The load generator's front: runs it in a worker thread and summarises the latencies it measured. */
import { Worker } from 'node:worker_threads';

export interface Measured {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** Runs `connections` clients against one URL for `seconds` in a worker thread and summarises the latencies. */
export function measure(url: string, connections: number, secs: number, cookie?: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load.mjs', import.meta.url), {
      workerData: { url, cookie, connections, seconds: secs },
    });
    worker.once('message', ({ latencies, errors }: { latencies: number[]; errors: number }) => {
      latencies.sort((a, b) => a - b);
      const pct = (p: number) =>
        latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
      resolve({ rps: latencies.length / secs, p50: pct(50), p95: pct(95), p99: pct(99), errors });
    });
    worker.once('error', reject);
  });
}
