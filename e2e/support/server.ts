import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Waits for the server's /readyz while its process runs. The deadline only stops a start that hangs: it is far above
 * a start's time on a loaded machine (a server that stops is reported at once), so a busy machine never fails a
 * spec file (90 s was passed while other work kept both cores busy, 2026-11-27).
 */
async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped while starting:\n${output()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become ready in time:\n${output()}`);
}

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The real server as `npm start` runs it, on a free port and a throwaway embedded database.
 * `env` changes its configuration (feature flags, for example) for the tests that need another set-up.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  let log = '';
  // The compiled server, as `npm start` runs it (global set-up builds it when its sources changed): a TypeScript
  // loader would compile the whole server again for every spec file that starts its own.
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: path.join(repo, 'apps/api'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: 'memory://',
      // The browser tests always run on the embedded database; the API tests cover PostgreSQL and Redis.
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  try {
    await waitUntilReady(baseUrl, child, () => log);
  } catch (error) {
    // A server that never became ready is not left running after the spec file has failed.
    child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
