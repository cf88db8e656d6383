/**
 * The load generator, in a worker thread of its own so that it never competes with the server for the server's
 * event loop: `connections` clients, each sending the next request as soon as the last answer has arrived.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { url, cookie, connections, seconds } = workerData;
const latencies = [];
let errors = 0;
const headers = cookie ? { cookie } : {};
// A short warm-up so that connection set-up and first-call compilation are not measured.
const warmUntil = performance.now() + 300;
while (performance.now() < warmUntil) await (await fetch(url, { headers })).arrayBuffer();
const deadline = performance.now() + seconds * 1000;
async function client() {
  while (performance.now() < deadline) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) errors++;
    latencies.push(performance.now() - start);
  }
}
await Promise.all(Array.from({ length: connections }, client));
parentPort.postMessage({ latencies, errors });
