import { buildApp, type AppOptions, type BuiltApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { NotifySender } from '../../src/integrations/notify/types';
import type { VirusScanner } from '../../src/integrations/virus-scan/types';
import { FakeClock } from '../../src/platform/clock';
import { testClockStart } from './clock-start';
import { openTestEmbeddedDatabase } from './embedded-template';

/**
 * Fast route tests beside the modules: the real app (platform, access control, every route) on an in-memory
 * embedded database, with fakes for the outside services that would otherwise open ports or write outboxes.
 * A test replaces any service with its own (`services: { notify: … }`) and reads what the fakes saw.
 *
 *   const t = await buildTestApp();
 *   const res = await t.app.inject({ method: 'GET', url: '/api/config' });
 *   await t.close();
 *
 * For journeys across modules, sign-in and both database engines, use `test/harness.ts`.
 */
export interface TestAppOptions {
  /** Services to use instead of the built ones (the fakes below are the defaults). */
  services?: AppOptions['services'];
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string>;
}

export interface BuiltTestApp extends BuiltApp {
  clock: FakeClock;
  config: Config;
  /** Messages the default notify fake was asked to send, in order. */
  sent: FakeMessage[];
}

export interface FakeMessage {
  channel: 'email' | 'sms';
  templateId: string;
  to: string;
  personalisation: Record<string, string>;
}

/** Records what would have been sent through GOV.UK Notify. */
export function fakeNotify(sent: FakeMessage[] = []): NotifySender & { sent: FakeMessage[] } {
  let count = 0;
  const record =
    (channel: FakeMessage['channel']) =>
    async (templateId: string, to: string, options: { personalisation: Record<string, string> }) => {
      sent.push({ channel, templateId, to, personalisation: options.personalisation });
      count += 1;
      return { id: `fake-${channel}-${count}` };
    };
  return { sent, sendEmail: record('email'), sendSms: record('sms') };
}

/** A virus scanner that finds every file clean (no clamd, no port). */
export function fakeScanner(
  verdict: Awaited<ReturnType<VirusScanner['scan']>> = { clean: true },
): VirusScanner {
  return { scan: async () => verdict };
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<BuiltTestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...options.env,
  });
  const clock = new FakeClock(testClockStart());
  const database = await openTestEmbeddedDatabase();
  const notify = fakeNotify();
  const built = await buildApp(config, {
    clock,
    database,
    services: { notify, scanner: fakeScanner(), ...options.services },
  });
  await built.app.ready();
  return {
    ...built,
    clock,
    config,
    sent: notify.sent,
    async close() {
      await built.close();
      await database.close();
    },
  };
}
