import { buildApp } from './app';
import { loadConfig, proxyExposureWarning } from './config';

const config = loadConfig();
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
  built.app.log.info({ signal }, 'shutting down');
  // Closing the embedded database releases its lock so the next start can open it.
  await built.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await built.app.listen({ port: config.port, host: config.host });
built.app.log.info(
  { url: config.publicUrl, database: built.database.engine, localServices: config.localServices },
  'service started',
);
