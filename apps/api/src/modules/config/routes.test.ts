import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fakeNotify, type BuiltTestApp } from '../../../test/support/test-app';

describe('GET /api/config', () => {
  let t: BuiltTestApp;
  const notify = fakeNotify();

  beforeAll(async () => {
    t = await buildTestApp({ env: { FEATURE_B2B_BATCH_UPLOAD: 'false' }, services: { notify } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells anyone the service name, the flags and whether the local stand-ins are on, and nothing secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['features', 'localServices', 'serviceName']);
    expect(body).toMatchObject({ serviceName: t.config.serviceName, localServices: t.config.localServices });
    expect(body.features).toEqual(t.config.features);
    expect(body.features.b2bBatchUpload).toBe(false);
    expect(res.body).not.toContain(t.config.sessionSecret);
  });

  it('the services a test hands in are the ones the app uses', () => {
    expect(t.services.notify).toBe(notify);
    expect(t.sent).not.toBe(notify.sent);
  });
});
