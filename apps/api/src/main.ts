import { buildApp } from './app';
import { loadConfig, proxyExposureWarning } from './config';
import { stopGracefully } from './platform/lifecycle';

const config = loadConfig();
// Migrations run inside buildApp, before the server listens: /readyz cannot answer before they are done.
const built = await buildApp(config);
const exposure = proxyExposureWarning(config);
if (exposure) built.app.log.warn({ host: config.host, trustProxy: config.trustProxy }, exposure);
// The first run of each recurring job, unless one is already queued (another instance, or the last start).
await built.jobs.scheduleRecurring();
built.jobs.start(config.jobPollMs);

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  built.app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
  // /readyz answers 503 for SHUTDOWN_DRAIN_MS so the proxy stops sending new requests, then the listener closes,
  // requests in flight finish, job leases go back, and Redis and the database close (the embedded database's
  // lock is released so the next start can open it).
  await stopGracefully(built, { drainMs: config.shutdownDrainMs });
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await built.app.listen({ port: config.port, host: config.host });
built.app.log.info(
  { url: config.publicUrl, database: built.database.engine, localServices: config.localServices },
  'service started',
);
