/**
 * What the React render of a page costs by itself: the web's server build renders the page again and again with
 * every read it makes answered from memory (recorded once from the running server, under the same session). It
 * bounds the server-rendered page's throughput whatever the reads cost: at best one page per render's time on the
 * one thread Node renders on. Needs `npm run build`.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { ApiFetch, PageRequest, RenderedPage } from '@dis/domain/contracts';

const SERVER_BUILD = path.join(import.meta.dirname, '../apps/web/dist-server/entry-server.js');

interface Recorded {
  status: number;
  body: ArrayBuffer;
  headers: [string, string][];
}

/** Milliseconds a render of `url` takes, its reads answered from memory; the median of `rounds` rounds of `count`. */
export async function renderAlone(
  base: string,
  cookie: string,
  url: string,
  { count = 300, rounds = 5 } = {},
): Promise<number> {
  const { renderPage } = (await import(pathToFileURL(SERVER_BUILD).href)) as {
    renderPage(request: PageRequest): Promise<RenderedPage>;
  };
  const recorded = new Map<string, Recorded>();
  const fetchFrom: ApiFetch = async (input, init) => {
    const key = `${init.method ?? 'GET'} ${input}`;
    let answer = recorded.get(key);
    if (!answer) {
      const res = await fetch(base + input, { ...init, headers: { ...(init.headers as object), cookie } });
      answer = { status: res.status, body: await res.arrayBuffer(), headers: [...res.headers] };
      recorded.set(key, answer);
    }
    return new Response(answer.status === 204 ? null : answer.body.slice(0), {
      status: answer.status,
      headers: answer.headers,
    });
  };
  const render = () =>
    renderPage({
      url,
      fetch: fetchFrom,
      csrfToken: randomBytes(32).toString('base64url'),
      formKey: randomBytes(16).toString('base64url'),
      cookies: cookie,
      secureCookies: false,
      sessionEnded: false,
    });
  const first = await render();
  if (first.status !== 200) throw new Error(`${url} rendered with status ${first.status}`);
  for (let i = 0; i < count; i++) await render();
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    for (let i = 0; i < count; i++) await render();
    times.push((performance.now() - start) / count);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}
