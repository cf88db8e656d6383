import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApiByPath, postedTo } from '../../test/render';
import {
  recipientDetailsAction,
  sendCodeAction,
  shareConfirmationAction,
  shareConsentAction,
  sharePaperAction,
  shareResultAction,
  verifyCodeAction,
} from './actions';

// The one-time code and share pages posted without JavaScript (decision 0038).

const ID = '6f1c1a52-3b4e-4a57-9d1f-8c1e2a3b4c5d';
const OPTIONS = {
  route: 'direct',
  allowed: true,
  refusal: null,
  stepUpRequired: false,
  purposeConfirmationRequired: false,
  sharedPaperResult: false,
  paperOffered: true,
  disclosureTypeShortCode: 'LB',
};

describe('the one-time code posted without JavaScript', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sending a code leads to the verify page with the phone ending and the count in its address', async () => {
    stubApiByPath({ '/oauth2/api/otc/request': () => jsonResponse({ partialPhoneNumber: '0999' }) });
    expect(await sendCodeAction(postedTo(`/one-time-code?resultId=${ID}`))).toEqual({
      redirect: `/one-time-code/verify?resultId=${ID}&digits=0999&requests=1`,
    });
  });

  it('too many codes is its error page; another failure the page again with the notice', async () => {
    stubApiByPath({ '/oauth2/api/otc/request': () => jsonResponse({ status: 429, message: 'x' }, 429) });
    expect(await sendCodeAction(postedTo(`/one-time-code?resultId=${ID}`))).toEqual({
      redirect: '/error?code=max_requests',
    });
    stubApiByPath({ '/oauth2/api/otc/request': () => jsonResponse({ status: 500, message: 'x' }, 500) });
    expect(await sendCodeAction(postedTo(`/one-time-code?resultId=${ID}`))).toEqual({
      posted: { values: {}, errors: {}, general: 'oneTimeCode.notifications.generic' },
    });
  });

  const verify = `/one-time-code/verify?resultId=${ID}&digits=0999&requests=1`;

  it('no code: the problem against the field; a wrong code: the notice; the right one: the share page', async () => {
    const fetchMock = stubApiByPath({});
    const empty = await verifyCodeAction(postedTo(verify, { oneTimeCode: '' }));
    expect(empty).toEqual({
      posted: { values: { oneTimeCode: '' }, errors: { oneTimeCode: expect.any(String) as string } },
    });
    expect(fetchMock).not.toHaveBeenCalled();

    stubApiByPath({ '/oauth2/api/otc/verify': () => jsonResponse({ validationStatus: 'INVALID' }) });
    expect(await verifyCodeAction(postedTo(verify, { oneTimeCode: '123456' }))).toEqual({
      posted: {
        values: { oneTimeCode: '123456' },
        errors: {},
        general: 'oneTimeCode.notifications.invalid',
      },
    });

    // The server's OTC_INVALID (a code it does not take as a code) is a wrong code too.
    stubApiByPath({
      '/oauth2/api/otc/verify': () =>
        jsonResponse({ status: 400, message: 'x', backendCode: 'OTC_INVALID' }, 400),
    });
    expect(await verifyCodeAction(postedTo(verify, { oneTimeCode: '123456' }))).toEqual({
      posted: {
        values: { oneTimeCode: '123456' },
        errors: {},
        general: 'oneTimeCode.notifications.invalid',
      },
    });

    stubApiByPath({ '/oauth2/api/otc/verify': () => jsonResponse({ validationStatus: 'VALID' }) });
    expect(await verifyCodeAction(postedTo(verify, { oneTimeCode: '123456' }))).toEqual({
      redirect: `/share-result?resultId=${ID}`,
    });
  });

  it('resend sends another code and says so; reached without a code sent, the landing page', async () => {
    stubApiByPath({ '/oauth2/api/otc/request': () => jsonResponse({ partialPhoneNumber: '0999' }) });
    expect(await verifyCodeAction(postedTo(verify, { _action: 'resend' }))).toEqual({
      redirect: `/one-time-code/verify?resultId=${ID}&digits=0999&requests=2&resent=true`,
    });
    expect(
      await verifyCodeAction(postedTo(`/one-time-code/verify?resultId=${ID}`, { oneTimeCode: '1' })),
    ).toEqual({
      redirect: `/one-time-code?resultId=${ID}`,
    });
  });
});

describe('the share pages posted without JavaScript', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the digital question must be answered; no is the paper page; yes shares, then the success page', async () => {
    const fetchMock = stubApiByPath({
      [`/api/results/${ID}/share-options`]: () => jsonResponse(OPTIONS),
      [`/api/results/${ID}/share`]: () => jsonResponse({ sharedOn: '2026-11-26T12:00:00Z' }),
    });
    expect(await shareResultAction(postedTo(`/share-result?resultId=${ID}`))).toEqual({
      posted: { values: {}, errors: { shareDigitally: 'digitalShare.shareDigitally.required' } },
    });
    expect(
      await shareResultAction(postedTo(`/share-result?resultId=${ID}`, { shareDigitally: 'no' })),
    ).toEqual({
      redirect: `/share-paper-result?resultId=${ID}`,
    });
    expect(fetchMock.mock.calls.filter(([url]) => !String(url).includes('share-options'))).toEqual([]);
    expect(
      await shareResultAction(postedTo(`/share-result?resultId=${ID}`, { shareDigitally: 'yes' })),
    ).toEqual({
      redirect: `/share-success?resultId=${ID}`,
    });
  });

  it('a share the server refuses comes back with its message; a step-up needed goes to the code', async () => {
    stubApiByPath({
      [`/api/results/${ID}/share-options`]: () => jsonResponse({ ...OPTIONS, paperOffered: false }),
      [`/api/results/${ID}/share`]: () =>
        jsonResponse({ status: 409, message: 'x', backendCode: 'SHARE_COOLDOWN_TIMER_NOT_MET' }, 409),
    });
    expect(await shareResultAction(postedTo(`/share-result?resultId=${ID}`))).toEqual({
      posted: { values: {}, errors: {}, general: 'sharing.refusals.cooldown' },
    });
    stubApiByPath({
      [`/api/results/${ID}/share-options`]: () => jsonResponse({ ...OPTIONS, stepUpRequired: true }),
    });
    expect(
      await shareResultAction(postedTo(`/share-result?resultId=${ID}`, { shareDigitally: 'yes' })),
    ).toEqual({
      redirect: `/share-result?resultId=${ID}`,
    });
  });

  it('the consent box must be ticked before the share', async () => {
    const fetchMock = stubApiByPath({
      [`/api/results/${ID}/share`]: () => jsonResponse({ sharedOn: '2026-11-26T12:00:00Z' }),
    });
    expect(await shareConsentAction(postedTo(`/share/consent?resultId=${ID}`))).toEqual({
      posted: { values: {}, errors: { confirmShare: 'pvgConfirmShare.confirmShare.required' } },
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(
      await shareConsentAction(postedTo(`/share/consent?resultId=${ID}`, { confirmShare: 'true' })),
    ).toEqual({
      redirect: `/share-success?resultId=${ID}`,
    });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ confirmShare: true });
  });
});

describe('a paper copy and the share purpose posted without JavaScript', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a paper share the server refuses goes to the error page with its code, message and status', async () => {
    stubApiByPath({
      [`/api/results/${ID}/share/paper`]: () =>
        jsonResponse(
          {
            status: 409,
            backendCode: 'PAPER_SHARE_ALREADY_USED',
            message: 'You have already asked for a paper copy of this result',
            requestId: '0b5d3f0e-6a1b-4c44-9b3e-3f1d2a7c9e11',
          },
          409,
        ),
    });
    const answer = await sharePaperAction(postedTo(`/share-paper-result?resultId=${ID}`));
    const to = new URL((answer as { redirect: string }).redirect, 'http://localhost');
    expect(to.pathname).toBe('/error');
    expect(Object.fromEntries(to.searchParams)).toEqual({
      code: 'PAPER_SHARE_ALREADY_USED',
      message: 'You have already asked for a paper copy of this result',
      status: '409',
      requestId: '0b5d3f0e-6a1b-4c44-9b3e-3f1d2a7c9e11',
    });
    // A step-up still needed is the code, and a purpose not confirmed the confirmation, not an error.
    stubApiByPath({
      [`/api/results/${ID}/share/paper`]: () =>
        jsonResponse({ status: 403, backendCode: 'STEP_UP_REQUIRED', message: 'x' }, 403),
    });
    expect(await sharePaperAction(postedTo(`/share-paper-result?resultId=${ID}`))).toEqual({
      redirect: `/one-time-code?resultId=${ID}`,
    });
    stubApiByPath({
      [`/api/results/${ID}/share/paper`]: () =>
        jsonResponse({ status: 409, backendCode: 'SHARE_PURPOSE_NOT_CONFIRMED', message: 'x' }, 409),
    });
    expect(await sharePaperAction(postedTo(`/share-paper-result?resultId=${ID}`))).toEqual({
      redirect: `/share-confirmation?resultId=${ID}`,
    });
  });

  it('the share purpose: the box must be ticked, then the server records it and the share page follows', async () => {
    const fetchMock = stubApiByPath({
      [`/api/results/${ID}/share-purpose`]: () => jsonResponse({ purpose: 'SHARE' }),
    });
    expect(await shareConfirmationAction(postedTo(`/share-confirmation?resultId=${ID}`))).toEqual({
      posted: { values: {}, errors: { confirmed: 'shareConfirmation.confirmed.required' } },
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(
      await shareConfirmationAction(postedTo(`/share-confirmation?resultId=${ID}`, { confirmed: 'true' })),
    ).toEqual({ redirect: `/share-result?resultId=${ID}` });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the recipient-details page posted without JavaScript', () => {
  afterEach(() => vi.unstubAllGlobals());

  const PAGE = `/share/recipient-details?resultId=${ID}`;
  const RECIPIENT = { ...OPTIONS, route: 'recipient-details', paperOffered: false };
  const DETAILS = {
    recipientName: 'Jordan Employer',
    recipientPositionAppliedFor: 'Care assistant',
    recipientEmail: 'jordan@example.com',
    recipientPhoneNumber: '07700900456',
    applicantEmail: 'robin@example.com',
  };
  /** A Basic result's recipient: their contact details alone. */
  const CONTACT = {
    recipientEmail: DETAILS.recipientEmail,
    recipientPhoneNumber: DETAILS.recipientPhoneNumber,
    applicantEmail: DETAILS.applicantEmail,
  };
  const ADDRESS = {
    'recipientAddress.line1': '2 Harbour Wynd',
    'recipientAddress.town': 'Edinburgh',
    'recipientAddress.postcode': 'EH6 6AB',
    'recipientAddress.country': 'United Kingdom',
  };
  const DPA = {
    UPRN: '100',
    ADDRESS: '2 HARBOUR WYND, EDINBURGH, EH6 6AB',
    BUILDING_NUMBER: '2',
    THOROUGHFARE_NAME: 'HARBOUR WYND',
    POST_TOWN: 'EDINBURGH',
    POSTCODE: 'EH6 6AB',
  };
  const shares = (fetchMock: ReturnType<typeof stubApiByPath>) =>
    fetchMock.mock.calls.filter(([url]) => String(url).includes('/share/thirdparty'));

  it('refuses empty details against each field and shares nothing', async () => {
    const fetchMock = stubApiByPath({ [`/api/results/${ID}/share-options`]: () => jsonResponse(RECIPIENT) });
    const result = await recipientDetailsAction(postedTo(PAGE, { _view: 'details' }));
    expect(result).toMatchObject({ posted: { view: 'details' } });
    const errors = 'posted' in result ? result.posted.errors : {};
    expect(Object.keys(errors).sort()).toEqual(Object.keys(DETAILS).sort());
    expect(shares(fetchMock)).toEqual([]);
  });

  it('valid details lead to the address view carrying them; a basic result straight to the check', async () => {
    stubApiByPath({ [`/api/results/${ID}/share-options`]: () => jsonResponse(RECIPIENT) });
    expect(await recipientDetailsAction(postedTo(PAGE, { _view: 'details', ...DETAILS }))).toEqual({
      posted: { values: DETAILS, errors: {}, view: 'address' },
    });
    stubApiByPath({
      [`/api/results/${ID}/share-options`]: () =>
        jsonResponse({ ...RECIPIENT, disclosureTypeShortCode: 'BD' }),
    });
    expect(await recipientDetailsAction(postedTo(PAGE, { _view: 'details', ...CONTACT }))).toEqual({
      posted: { values: CONTACT, errors: {}, view: 'check' },
    });
  });

  it('finds addresses by postcode, takes the chosen one from the lookup again, then the check', async () => {
    stubApiByPath({
      [`/api/results/${ID}/share-options`]: () => jsonResponse(RECIPIENT),
      '/api/addressService/addresses': () =>
        jsonResponse({ header: { totalresults: 1 }, results: [{ DPA }] }),
    });
    const lookup = { _view: 'address', ...DETAILS };
    expect(
      await recipientDetailsAction(postedTo(PAGE, { ...lookup, _action: 'find', postcode: 'nope' })),
    ).toEqual({
      posted: {
        values: { ...DETAILS, postcode: 'nope' },
        errors: { postcode: 'postcodeSearch.postcode.invalid' },
        view: 'address',
      },
    });
    expect(
      await recipientDetailsAction(postedTo(PAGE, { ...lookup, _action: 'find', postcode: 'EH6 6AB' })),
    ).toMatchObject({ posted: { errors: {}, view: 'address' } });
    expect(
      await recipientDetailsAction(postedTo(PAGE, { ...lookup, _action: 'save', postcode: 'EH6 6AB' })),
    ).toMatchObject({ posted: { errors: { addressId: 'addressSelection.addressId.required' } } });
    expect(
      await recipientDetailsAction(
        postedTo(PAGE, { ...lookup, _action: 'save', postcode: 'EH6 6AB', addressId: '100' }),
      ),
    ).toEqual({
      posted: {
        values: {
          ...DETAILS,
          'recipientAddress.line1': '2 HARBOUR WYND',
          'recipientAddress.town': 'EDINBURGH',
          'recipientAddress.postcode': 'EH6 6AB',
          'recipientAddress.country': 'United Kingdom',
        },
        errors: {},
        view: 'check',
      },
    });
    expect(await recipientDetailsAction(postedTo(PAGE, { ...lookup, _action: 'manual' }))).toEqual({
      posted: { values: DETAILS, errors: {}, view: 'manual' },
    });
  });

  it('a typed address is checked against each line; then the check', async () => {
    stubApiByPath({ [`/api/results/${ID}/share-options`]: () => jsonResponse(RECIPIENT) });
    const refused = await recipientDetailsAction(
      postedTo(PAGE, { _view: 'manual', ...DETAILS, line1: '', town: '', country: 'United Kingdom' }),
    );
    expect(refused).toMatchObject({
      posted: {
        view: 'manual',
        errors: {
          line1: 'recipient.recipientAddress.line1.required',
          town: 'recipient.recipientAddress.town.required',
          postcode: 'recipient.recipientAddress.postcode.required',
        },
      },
    });
    expect(
      await recipientDetailsAction(
        postedTo(PAGE, {
          _view: 'manual',
          ...DETAILS,
          line1: '2 Harbour Wynd',
          town: 'Edinburgh',
          postcode: 'EH6 6AB',
          country: 'United Kingdom',
        }),
      ),
    ).toEqual({ posted: { values: { ...DETAILS, ...ADDRESS }, errors: {}, view: 'check' } });
  });

  it('the check shares with what it carried, then the success page; a changed detail is refused unshared', async () => {
    const fetchMock = stubApiByPath({
      [`/api/results/${ID}/share-options`]: () => jsonResponse(RECIPIENT),
      [`/api/results/${ID}/share/thirdparty`]: () =>
        jsonResponse({
          shareId: 's',
          sharedOn: '2026-11-26T12:00:00Z',
          linkExpiresAt: '2026-12-10T12:00:00Z',
        }),
    });
    expect(
      await recipientDetailsAction(
        postedTo(PAGE, { _view: 'check', _action: 'share', ...DETAILS, recipientEmail: 'nope' }),
      ),
    ).toMatchObject({
      posted: { view: 'details', errors: { recipientEmail: expect.any(String) as string } },
    });
    expect(shares(fetchMock)).toEqual([]);
    expect(
      await recipientDetailsAction(
        postedTo(PAGE, { _view: 'check', _action: 'share', ...DETAILS, ...ADDRESS }),
      ),
    ).toEqual({ redirect: `/share-success?resultId=${ID}&to=recipient` });
    const [, init] = shares(fetchMock)[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      ...DETAILS,
      recipientAddress: {
        line1: '2 Harbour Wynd',
        town: 'Edinburgh',
        postcode: 'EH6 6AB',
        country: 'United Kingdom',
      },
    });
  });

  it("the server's refusal comes back on the check with its message, a field's against its field", async () => {
    stubApiByPath({
      [`/api/results/${ID}/share-options`]: () => jsonResponse(RECIPIENT),
      [`/api/results/${ID}/share/thirdparty`]: () =>
        jsonResponse({ status: 409, message: 'x', backendCode: 'SHARE_COOLDOWN_TIMER_NOT_MET' }, 409),
    });
    const check = { _view: 'check', _action: 'share', ...DETAILS, ...ADDRESS };
    expect(await recipientDetailsAction(postedTo(PAGE, check))).toEqual({
      posted: {
        values: { ...DETAILS, ...ADDRESS },
        errors: {},
        view: 'check',
        general: 'sharing.refusals.cooldown',
      },
    });
    stubApiByPath({
      [`/api/results/${ID}/share-options`]: () => jsonResponse(RECIPIENT),
      [`/api/results/${ID}/share/thirdparty`]: () =>
        jsonResponse(
          {
            status: 400,
            message: 'x',
            backendCode: 'VALIDATION_FAILED',
            fieldErrors: { 'recipientAddress.town': 'Enter the town' },
          },
          400,
        ),
    });
    expect(await recipientDetailsAction(postedTo(PAGE, check))).toMatchObject({
      posted: { view: 'manual', errors: { town: 'Enter the town' } },
    });
  });

  it("only the check's button shares: any other post is the check again, with nothing shared", async () => {
    const fetchMock = stubApiByPath({
      [`/api/results/${ID}/share-options`]: () =>
        jsonResponse({ ...RECIPIENT, disclosureTypeShortCode: 'BD' }),
    });
    expect(await recipientDetailsAction(postedTo(PAGE, { _view: 'address', ...CONTACT }))).toEqual({
      posted: { values: CONTACT, errors: {}, view: 'check' },
    });
    stubApiByPath({ [`/api/results/${ID}/share-options`]: () => jsonResponse(RECIPIENT) });
    expect(
      await recipientDetailsAction(
        postedTo(PAGE, { _view: 'check', _action: 'other', ...DETAILS, ...ADDRESS }),
      ),
    ).toMatchObject({ posted: { view: 'check', errors: {} } });
    expect(shares(fetchMock)).toEqual([]);
  });

  it('a result not shared this way, or a step-up needed, is the page again (which says why)', async () => {
    stubApiByPath({
      [`/api/results/${ID}/share-options`]: () => jsonResponse({ ...RECIPIENT, stepUpRequired: true }),
    });
    expect(await recipientDetailsAction(postedTo(PAGE, { _view: 'details', ...DETAILS }))).toEqual({
      redirect: PAGE,
    });
  });
});
