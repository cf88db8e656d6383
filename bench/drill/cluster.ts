/**
 * The drill's cluster: PostgreSQL-backed API instances behind HAProxy (deploy/haproxy.cfg), the shared stand-ins
 * process, and a TCP relay in front of Redis that the drill can cut (Redis "stopped" for the instances, without
 * stopping the Redis other work on this machine uses). Each process is a child of the drill, never a system service.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repo = path.resolve(import.meta.dirname, '../..');
export const HAPROXY = '/usr/sbin/haproxy';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Polls `url` until it answers 200 (a condition, with a bound). */
export async function waitForOk(url: string, child?: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process stopped while starting`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 in time`);
}

/** A child process whose last lines of output are kept for the report when it fails. */
class Child {
  process: ChildProcess | undefined;
  private output = '';
  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly options: { cwd: string; env: NodeJS.ProcessEnv },
  ) {}

  start(): ChildProcess {
    const child = spawn(this.command, this.args, { ...this.options, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-8000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.process = child;
    return child;
  }

  tail(): string {
    return this.output;
  }

  /** Sends the signal and waits for the process to end. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await ended;
  }
}

/** A TCP relay in front of a server; `cut` drops every connection and refuses new ones until `open` again. */
export class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
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
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export interface ClusterOptions {
  instances: number;
  databaseUrl: string;
  /** Unset: the instances keep their sessions in PostgreSQL. */
  redisUrl: string | undefined;
  /** Shown on the console as the cluster starts. */
  log: (line: string) => void;
}

export class Cluster {
  readonly publicUrl: string;
  readonly instances: { port: number; child: Child }[] = [];
  private standIns!: Child;
  private haproxy!: Child;
  /** Between the instances and Redis, when there is one. */
  redisRelay: Relay | undefined;
  private readonly dir = mkdtempSync(path.join(os.tmpdir(), 'dis-drill-'));

  private constructor(
    private readonly options: ClusterOptions,
    private readonly proxyPort: number,
  ) {
    this.publicUrl = `http://127.0.0.1:${proxyPort}`;
  }

  static async start(options: ClusterOptions): Promise<Cluster> {
    const cluster = new Cluster(options, await freePort());
    await cluster.boot();
    return cluster;
  }

  private async boot(): Promise<void> {
    const { log } = this.options;
    const redis = this.options.redisUrl ? new URL(this.options.redisUrl) : undefined;
    if (redis) {
      this.redisRelay = new Relay(await freePort(), {
        host: redis.hostname,
        port: Number(redis.port || 6379),
      });
      await this.redisRelay.open();
    }

    const standInsPort = await freePort();
    const clamdPort = await freePort();
    const common = {
      ...process.env,
      NODE_ENV: 'development',
      LOCAL_SERVICES: 'on',
      DATABASE_URL: this.options.databaseUrl,
      PUBLIC_URL: this.publicUrl,
      // The browser and the instances both reach the identity provider through the proxy, as the service's own.
      OIDC_ISSUER: `${this.publicUrl}/local/idp`,
      CLAMD_PORT: String(clamdPort),
      LOG_LEVEL: 'warn',
    };
    this.standIns = new Child('stand-ins', process.execPath, ['--enable-source-maps', 'dist/stand-ins.js'], {
      cwd: path.join(repo, 'apps/api'),
      env: { ...common, STAND_INS_PORT: String(standInsPort) },
    });
    const standInsProcess = this.standIns.start();
    await waitForOk(`http://127.0.0.1:${standInsPort}/local/notify/messages`, standInsProcess);
    log(`stand-ins on ${standInsPort}`);

    const redisThroughRelay = redis ? new URL(redis) : undefined;
    if (redisThroughRelay) redisThroughRelay.host = `127.0.0.1:${this.redisRelay!.port}`;
    for (let index = 0; index < this.options.instances; index++) {
      const port = await freePort();
      const child = new Child(
        `api${index + 1}`,
        process.execPath,
        ['--max-semi-space-size=16', '--enable-source-maps', 'dist/main.js'],
        {
          cwd: path.join(repo, 'apps/api'),
          env: {
            ...common,
            PORT: String(port),
            HOST: '127.0.0.1',
            REDIS_URL: redisThroughRelay?.href ?? '',
            STAND_INS_URL: `http://127.0.0.1:${standInsPort}`,
            TRUST_PROXY: '1',
            // As in production: longer than the proxy's two failed checks (deploy/haproxy.cfg).
            SHUTDOWN_DRAIN_MS: '10000',
            JOB_POLL_MS: '1000',
            // The drill's traffic comes from one address and a few accounts: the per-client and per-account
            // limits would refuse it, which is their job, not what the drill measures.
            SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000000',
            WRITE_RATE_LIMIT_PER_MINUTE: '1000000',
          },
        },
      );
      this.instances.push({ port, child });
    }
    // One at a time: each runs the migrations (the first one does the work).
    for (const instance of this.instances) await this.startInstance(instance);

    const config = readFileSync(path.join(repo, 'deploy/haproxy.cfg'), 'utf8')
      .replace(
        /# servers:begin[\s\S]*# servers:end/,
        this.instances
          .map((instance, index) => `server api${index + 1} 127.0.0.1:${instance.port}`)
          .join('\n  '),
      )
      .replace('# local-stand-ins', 'use_backend stand_ins if { path_beg /local/ }')
      .concat(`\nbackend stand_ins\n  server stand_ins 127.0.0.1:${standInsPort}\n`);
    const file = path.join(this.dir, 'haproxy.cfg');
    writeFileSync(file, config);
    this.haproxy = new Child('haproxy', HAPROXY, ['-db', '-f', file], {
      cwd: this.dir,
      env: {
        ...process.env,
        LISTEN: `127.0.0.1:${this.proxyPort}`,
        // The drill's request log would be a line per request: only HAProxy's own warnings are kept.
        HAPROXY_LOG: '/dev/null',
        DEPLOY_DIR: path.join(repo, 'deploy'),
      },
    });
    const proxy = this.haproxy.start();
    await waitForOk(`${this.publicUrl}/readyz`, proxy);
    await this.settle();
    log(`HAProxy on ${this.proxyPort} in front of ${this.instances.length} instances`);
  }

  /** Starts an instance and waits until it answers /readyz 200 itself. */
  async startInstance(instance: { port: number; child: Child }): Promise<void> {
    const child = instance.child.start();
    try {
      await waitForOk(`http://127.0.0.1:${instance.port}/readyz`, child);
    } catch (error) {
      throw new Error(`${instance.child.name} did not start:\n${instance.child.tail()}`, { cause: error });
    }
  }

  /** Long enough for the proxy's health check to have seen an instance come up (two checks a second apart, a margin). */
  async settle(): Promise<void> {
    await sleep(3000);
  }

  async kill(index: number): Promise<void> {
    await this.instances[index]!.child.stop('SIGKILL');
  }

  async terminate(index: number): Promise<void> {
    await this.instances[index]!.child.stop('SIGTERM');
  }

  async restart(index: number): Promise<void> {
    await this.startInstance(this.instances[index]!);
    await this.settle();
  }

  async stop(): Promise<void> {
    await this.haproxy?.stop();
    await Promise.all(this.instances.map((instance) => instance.child.stop()));
    await this.standIns?.stop();
    await this.redisRelay?.cut();
  }
}
