/**
 * What the benchmarks share: the real server on a free local port (embedded database, or PostgreSQL/Redis when
 * DATABASE_URL / REDIS_URL are set) and a sign-in through the local identity provider with plain fetch.
 */
import { createServer } from 'node:net';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';

export async function startBenchServer(env: Record<string, string> = {}) {
  // The public URL (and so the identity provider's issuer) must name the real port before the app is built.
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const a = probe.address();
      probe.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
  const base = `http://localhost:${port}`;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    SIGN_IN_RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  const built = await buildApp(config);
  await built.app.listen({ port, host: '127.0.0.1' });
  return { base, config, built };
}

/** Follows a sign-in through the local identity provider with plain fetch and a cookie jar. */
export async function signIn(base: string, persona: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = pair!.split('=');
      if (value) jar.set(name!, value);
      else jar.delete(name!);
    }
  };
  let url = `${base}/oauth2/authorization/dis`;
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: cookieHeader() },
    });
    keep(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      init = {};
      continue;
    }
    if (url.includes('/local/idp/interaction/') && !url.endsWith('/login')) {
      url = `${url}/login`;
      init = {
        method: 'POST',
        body: new URLSearchParams({ persona }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      };
      continue;
    }
    break;
  }
  return cookieHeader();
}

/** Signs today's countersignatory declaration for a signed-in session. */
export async function signDeclaration(base: string, cookie: string): Promise<void> {
  await fetch(`${base}/api/declaration`, {
    method: 'POST',
    body: JSON.stringify({ agreed: true }),
    headers: {
      cookie,
      origin: base,
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
    },
  });
}
