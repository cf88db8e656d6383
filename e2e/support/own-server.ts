import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, useServer } from './browser';
import { startServer, type RunningServer } from './server';

export interface OwnServer {
  server: RunningServer;
  browser: Browser;
}

/**
 * For a spec file that needs a server of its own (other settings, or a service clock it moves, which must not
 * reach the specs running beside it): starts the server and a browser before the file's tests and stops both after.
 * Read `own.browser` and `own.server` inside tests and hooks.
 */
export function ownServerAndBrowser(env: Record<string, string> = {}): OwnServer {
  const own = {} as OwnServer;
  beforeAll(async () => {
    own.server = await startServer(env);
    useServer(own.server.baseUrl);
    own.browser = await launchBrowser();
  });
  afterAll(async () => {
    await own.browser?.close();
    useServer(undefined);
    await own.server?.stop();
  });
  return own;
}
