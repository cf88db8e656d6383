import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, browser } from './api-client';
import { journeyStore, readStored, writeStored } from './journey-store';

function respond(body: unknown, status = 200, type = 'application/json') {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': type },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends state-changing calls as JSON with the custom header and same-origin cookies', async () => {
    const fetchMock = respond({ signedOn: '2025-03-10' });
    await api.post('/api/declaration', { agreed: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    });
    expect(init.body).toBe('{"agreed":true}');
  });

  it('drops empty query values', async () => {
    const fetchMock = respond({ summaries: [], totalElements: 0 });
    await api.get('/ags/disclosure-summaries', { query: { page: 1, applicantName: '', status: undefined } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/ags/disclosure-summaries?page=1');
  });

  it('turns a non-OK response into an ApiError with status, message and backend code', async () => {
    respond({ status: 409, message: 'Already linked', backendCode: 'APPLICATION_ALREADY_LINKED' }, 409);
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'Already linked',
      backendCode: 'APPLICATION_ALREADY_LINKED',
    });
  });

  it('shows the service-unavailable page when the server says a dependency is down', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    respond({ status: 503, message: 'Unavailable', backendCode: 'TEMPORARILY_UNAVAILABLE' }, 503);
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, backendCode: 'TEMPORARILY_UNAVAILABLE' });
    expect(navigate).toHaveBeenCalledWith('/error?code=temporarily_unavailable');
    // Other 503s (the postcode lookup) are left to the page.
    navigate.mockClear();
    respond({ status: 503, message: 'No results', backendCode: 'POSTCODE_RESULTS_UNAVAILABLE' }, 503);
    await api.get('/api/x').catch(() => undefined);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('forgets everything the tab kept for the journey on any 401, suppressed or not', async () => {
    vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    const draft = journeyStore<{ name: string }>('organisation:t1', 'memory');
    for (const suppressUnauthorised of [false, true]) {
      draft.write({ name: 'Robin' });
      writeStored('navigation-history', ['/dashboard'], 'local');
      writeStored('journey:applicant:completed', { token: 't1' });
      respond({ status: 401, message: 'Not signed in' }, 401);
      await api.get('/api/x', { suppressUnauthorised }).catch(() => undefined);
      expect(draft.read()).toBeUndefined();
      expect(readStored('navigation-history', 'local')).toBeUndefined();
      expect(readStored('journey:applicant:completed')).toBeUndefined();
    }
  });

  it('shows the too-many-requests page on the service’s own 429 and keeps the request id', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    const requestId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    respond({ status: 429, message: 'Too many requests', backendCode: 'TOO_MANY_REQUESTS', requestId }, 429);
    const error = await api.put('/api/draftApplications/t/countersignatory', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, requestId });
    expect(navigate).toHaveBeenCalledWith('/error?code=max_requests');
    navigate.mockClear();
    // Another service's 429 with its own code (a one-time code used up) is left to the page.
    respond({ status: 429, message: 'Code used up', backendCode: 'OTP_EXHAUSTED' }, 429);
    await api.post('/api/x', {}).catch(() => undefined);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends the user to the site root, saying they are no longer signed in, on 401 unless the call suppresses it', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    respond({ status: 401, message: 'Not signed in' }, 401);
    await api.get('/api/x').catch(() => undefined);
    expect(navigate).toHaveBeenCalledWith('/?reason=session-ended');
    navigate.mockClear();
    await api.get('/api/x', { suppressUnauthorised: true }).catch(() => undefined);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves a person on the signed-out page when a call made before signing out answers 401', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
    window.history.pushState({}, '', '/signed-out?reason=active');
    respond({ status: 401, message: 'Not signed in' }, 401);
    await api.get('/api/x').catch(() => undefined);
    expect(navigate).not.toHaveBeenCalled();
    window.history.pushState({}, '', '/');
  });

  it('gives an empty object for an OK response that is not JSON', async () => {
    respond('done', 200, 'text/plain');
    await expect(api.put('/api/x')).resolves.toEqual({});
  });
});
