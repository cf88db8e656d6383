import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { sendCodeAction, shareConsentAction, shareResultAction, verifyCodeAction } from './actions';

// The one-time code and share pages posted without JavaScript (decision 0038).

const ID = '6f1c1a52-3b4e-4a57-9d1f-8c1e2a3b4c5d';
const post = (path: string, fields: Record<string, string> = {}) => ({
  form: new URLSearchParams({ _csrf: 'token', ...fields }),
  url: new URL(path, 'http://localhost'),
  secureCookies: false,
});
const OPTIONS = {
  route: 'direct',
  allowed: true,
  refusal: null,
  stepUpRequired: false,
  sharedPaperResult: false,
  paperOffered: true,
  disclosureTypeShortCode: 'LB',
};

/** Answers each call by the start of its path. */
function stubApi(answers: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    const key = Object.keys(answers).find((start) => path.startsWith(start));
    if (!key) throw new Error(`unexpected call ${path}`);
    return answers[key]!();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the one-time code posted without JavaScript', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sending a code leads to the verify page with the phone ending and the count in its address', async () => {
    stubApi({ '/oauth2/api/otc/request': () => jsonResponse({ partialPhoneNumber: '0999' }) });
    expect(await sendCodeAction(post(`/one-time-code?resultId=${ID}`))).toEqual({
      redirect: `/one-time-code/verify?resultId=${ID}&digits=0999&requests=1`,
    });
  });

  it('too many codes is its error page; another failure the page again with the notice', async () => {
    stubApi({ '/oauth2/api/otc/request': () => jsonResponse({ status: 429, message: 'x' }, 429) });
    expect(await sendCodeAction(post(`/one-time-code?resultId=${ID}`))).toEqual({
      redirect: '/error?code=max_requests',
    });
    stubApi({ '/oauth2/api/otc/request': () => jsonResponse({ status: 500, message: 'x' }, 500) });
    expect(await sendCodeAction(post(`/one-time-code?resultId=${ID}`))).toEqual({
      posted: { values: {}, errors: {}, general: 'oneTimeCode.notifications.generic' },
    });
  });

  const verify = `/one-time-code/verify?resultId=${ID}&digits=0999&requests=1`;

  it('no code: the problem against the field; a wrong code: the notice; the right one: the share page', async () => {
    const fetchMock = stubApi({});
    const empty = await verifyCodeAction(post(verify, { oneTimeCode: '' }));
    expect(empty).toEqual({
      posted: { values: { oneTimeCode: '' }, errors: { oneTimeCode: expect.any(String) as string } },
    });
    expect(fetchMock).not.toHaveBeenCalled();

    stubApi({ '/oauth2/api/otc/verify': () => jsonResponse({ validationStatus: 'INVALID' }) });
    expect(await verifyCodeAction(post(verify, { oneTimeCode: '123456' }))).toEqual({
      posted: {
        values: { oneTimeCode: '123456' },
        errors: {},
        general: 'oneTimeCode.notifications.invalid',
      },
    });

    stubApi({ '/oauth2/api/otc/verify': () => jsonResponse({ validationStatus: 'VALID' }) });
    expect(await verifyCodeAction(post(verify, { oneTimeCode: '123456' }))).toEqual({
      redirect: `/share-result?resultId=${ID}`,
    });
  });

  it('resend sends another code and says so; reached without a code sent, the landing page', async () => {
    stubApi({ '/oauth2/api/otc/request': () => jsonResponse({ partialPhoneNumber: '0999' }) });
    expect(await verifyCodeAction(post(verify, { _action: 'resend' }))).toEqual({
      redirect: `/one-time-code/verify?resultId=${ID}&digits=0999&requests=2&resent=true`,
    });
    expect(
      await verifyCodeAction(post(`/one-time-code/verify?resultId=${ID}`, { oneTimeCode: '1' })),
    ).toEqual({
      redirect: `/one-time-code?resultId=${ID}`,
    });
  });
});

describe('the share pages posted without JavaScript', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the digital question must be answered; no is the paper page; yes shares, then the success page', async () => {
    const fetchMock = stubApi({
      [`/api/results/${ID}/share-options`]: () => jsonResponse(OPTIONS),
      [`/api/results/${ID}/share`]: () => jsonResponse({ sharedOn: '2026-11-26T12:00:00Z' }),
    });
    expect(await shareResultAction(post(`/share-result?resultId=${ID}`))).toEqual({
      posted: { values: {}, errors: { shareDigitally: 'digitalShare.shareDigitally.required' } },
    });
    expect(await shareResultAction(post(`/share-result?resultId=${ID}`, { shareDigitally: 'no' }))).toEqual({
      redirect: `/share-paper-result?resultId=${ID}`,
    });
    expect(fetchMock.mock.calls.filter(([url]) => !String(url).includes('share-options'))).toEqual([]);
    expect(await shareResultAction(post(`/share-result?resultId=${ID}`, { shareDigitally: 'yes' }))).toEqual({
      redirect: `/share-success?resultId=${ID}`,
    });
  });

  it('a share the server refuses comes back with its message; a step-up needed goes to the code', async () => {
    stubApi({
      [`/api/results/${ID}/share-options`]: () => jsonResponse({ ...OPTIONS, paperOffered: false }),
      [`/api/results/${ID}/share`]: () =>
        jsonResponse({ status: 409, message: 'x', backendCode: 'SHARE_COOLDOWN_TIMER_NOT_MET' }, 409),
    });
    expect(await shareResultAction(post(`/share-result?resultId=${ID}`))).toEqual({
      posted: { values: {}, errors: {}, general: 'sharing.refusals.cooldown' },
    });
    stubApi({
      [`/api/results/${ID}/share-options`]: () => jsonResponse({ ...OPTIONS, stepUpRequired: true }),
    });
    expect(await shareResultAction(post(`/share-result?resultId=${ID}`, { shareDigitally: 'yes' }))).toEqual({
      redirect: `/share-result?resultId=${ID}`,
    });
  });

  it('the consent box must be ticked before the share', async () => {
    const fetchMock = stubApi({
      [`/api/results/${ID}/share`]: () => jsonResponse({ sharedOn: '2026-11-26T12:00:00Z' }),
    });
    expect(await shareConsentAction(post(`/share/consent?resultId=${ID}`))).toEqual({
      posted: { values: {}, errors: { confirmShare: 'pvgConfirmShare.confirmShare.required' } },
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await shareConsentAction(post(`/share/consent?resultId=${ID}`, { confirmShare: 'true' }))).toEqual(
      {
        redirect: `/share-success?resultId=${ID}`,
      },
    );
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ confirmShare: true });
  });
});
