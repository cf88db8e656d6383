import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/database';
import { newPostgresDatabase, PUBLIC_URL } from './harness';

/**
 * A TCP relay in front of PostgreSQL or Redis that the test can cut and restore: cut, it drops every connection
 * and refuses new ones (the server unreachable); restored, it listens again on the same port.
 */
class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

/**
 * /readyz, asked until it gives `status`: a condition, polled (the Redis client reconnects on its own schedule);
 * the bound is a hang guard.
 */
async function readyzUntil(built: BuiltApp, status: number) {
  let res = await built.app.inject({ method: 'GET', url: '/readyz' });
  for (let attempt = 0; attempt < 600 && res.statusCode !== status; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    res = await built.app.inject({ method: 'GET', url: '/readyz' });
  }
  return res;
}

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!databaseUrl)('readiness while PostgreSQL or Redis is unreachable', () => {
  let own: Awaited<ReturnType<typeof newPostgresDatabase>>;
  let database: DatabaseHandle;
  let built: BuiltApp;
  const pgRelay = new Relay('127.0.0.1', Number(new URL(databaseUrl ?? 'postgres://x:5432').port || 5432));
  const redisTarget = redisUrl ? new URL(redisUrl) : undefined;
  const redisRelay = redisTarget
    ? new Relay(redisTarget.hostname, Number(redisTarget.port || 6379))
    : undefined;

  beforeAll(async () => {
    own = await newPostgresDatabase();
    await pgRelay.open();
    await redisRelay?.open();
    const url = new URL(own.url);
    url.hostname = '127.0.0.1';
    url.port = String(pgRelay.port);
    database = await openDatabase({ databaseUrl: url.href, dataDir: 'unused' });
    built = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        PUBLIC_URL,
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
        // Only PING is sent: any database number will do; the worker's own is left as the tests keep it.
        ...(redisRelay ? { REDIS_URL: `redis://127.0.0.1:${redisRelay.port}/0` } : {}),
      }),
      { database },
    );
  });
  afterAll(async () => {
    await built.close();
    await database.close();
    await pgRelay.cut();
    await redisRelay?.cut();
    await own.drop();
  });

  it('/readyz fails while the database is unreachable and recovers when it is back', async () => {
    expect((await readyzUntil(built, 200)).statusCode).toBe(200);
    await pgRelay.cut();
    const down = await readyzUntil(built, 503);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'unavailable', database: 'unavailable' });
    await pgRelay.open();
    const back = await readyzUntil(built, 200);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it.skipIf(!redisUrl)('/readyz fails while Redis is unreachable and recovers when it is back', async () => {
    expect((await readyzUntil(built, 200)).statusCode).toBe(200);
    await redisRelay!.cut();
    const down = await readyzUntil(built, 503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'ok', redis: 'unavailable' });
    await redisRelay!.open();
    const back = await readyzUntil(built, 200);
    expect(back.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
  });
});
