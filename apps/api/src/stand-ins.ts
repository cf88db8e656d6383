import { loadConfig } from './config';
import { buildStandIns } from './stand-ins-app';

/**
 * `npm run stand-ins`: the local stand-ins in a process of their own on STAND_INS_PORT (3100 by default), clamd on
 * CLAMD_PORT (3310). PUBLIC_URL is the service's address (the proxy in front of the instances); OIDC_ISSUER the
 * identity provider's address as the browser and the instances reach it (by default this process's own).
 */
const port = Number(process.env.STAND_INS_PORT ?? 3100);
const config = loadConfig({
  OIDC_ISSUER: `http://127.0.0.1:${port}/local/idp`,
  ...process.env,
  // This process is the stand-ins; it does not point at another one.
  STAND_INS_URL: '',
});
if (!config.localServices) throw new Error('The stand-ins run only with LOCAL_SERVICES on');
const standIns = await buildStandIns(config);

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  await standIns.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

await standIns.app.listen({ port, host: '127.0.0.1' });
standIns.app.log.info(
  { port, clamdPort: standIns.clamdPort, issuer: config.oidc.issuer, publicUrl: config.publicUrl },
  'stand-ins started',
);
