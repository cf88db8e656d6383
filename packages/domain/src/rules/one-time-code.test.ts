import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_OTC_REQUEST_COUNTER,
  basicVerifyFailure,
  isPasscodeRequestAllowed,
  otcRequestFailed,
  otcRequestStarted,
  otcRequestSucceeded,
  passcodeValidity,
  sendCodeFailure,
  verifyCodeOutcome,
} from './one-time-code';

describe('code request counter', () => {
  it('shows no limit notice after the first successful request', () => {
    const first = otcRequestSucceeded(otcRequestStarted(INITIAL_OTC_REQUEST_COUNTER));
    expect(first).toEqual({ requests: 1, limitNoticeShown: false });
  });

  it('replaces the resend link after a second successful request', () => {
    const first = otcRequestSucceeded(otcRequestStarted(INITIAL_OTC_REQUEST_COUNTER));
    const second = otcRequestSucceeded(otcRequestStarted(first));
    expect(second).toEqual({ requests: 2, limitNoticeShown: true });
    // Once shown, the notice stays even if a later request fails.
    expect(otcRequestSucceeded(otcRequestFailed(second)).limitNoticeShown).toBe(true);
  });

  it('does not count a failed request', () => {
    const first = otcRequestSucceeded(otcRequestStarted(INITIAL_OTC_REQUEST_COUNTER));
    const failed = otcRequestFailed(otcRequestStarted(first));
    expect(failed).toEqual({ requests: 1, limitNoticeShown: false });
    expect(otcRequestFailed(INITIAL_OTC_REQUEST_COUNTER).requests).toBe(0);
  });

  it('never counts below zero (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('start', 'ok', 'fail')), (events) => {
        let c = INITIAL_OTC_REQUEST_COUNTER;
        for (const e of events) {
          c =
            e === 'start' ? otcRequestStarted(c) : e === 'ok' ? otcRequestSucceeded(c) : otcRequestFailed(c);
        }
        return c.requests >= 0;
      }),
    );
  });
});

describe('sendCodeFailure', () => {
  it.each([
    [429, { kind: 'error-page', code: 'max_requests' }],
    [409, { kind: 'error-page', code: 'mobile_number_not_found' }],
    [400, { kind: 'error-page', code: 'invalid_mobile_number' }],
    [500, { kind: 'notification', key: 'generic' }],
  ])('%s', (status, expected) => expect(sendCodeFailure(status)).toEqual(expected));
});

describe('verifyCodeOutcome', () => {
  it.each([
    ['VALID', { kind: 'verified' }],
    ['INVALID', { kind: 'notification', key: 'invalid' }],
    ['EXPIRED', { kind: 'notification', key: 'expired' }],
    ['ATTEMPTS_EXCEEDED', { kind: 'notification', key: 'attemptsExceeded' }],
  ] as const)('%s', (validationStatus, expected) => {
    expect(verifyCodeOutcome({ validationStatus }, 1)).toEqual(expected);
  });

  it("treats the server's OTC_INVALID as a wrong code", () => {
    expect(verifyCodeOutcome({ httpStatus: 400, backendCode: 'OTC_INVALID' }, 1)).toEqual({
      kind: 'notification',
      key: 'invalid',
    });
    expect(verifyCodeOutcome({ httpStatus: 400 }, 1)).toEqual({ kind: 'notification', key: 'generic' });
  });

  it('maps 429 by the number of requests', () => {
    expect(verifyCodeOutcome({ httpStatus: 429 }, 1)).toEqual({
      kind: 'notification',
      key: 'attemptsExceeded',
    });
    expect(verifyCodeOutcome({ httpStatus: 429 }, 2)).toEqual({ kind: 'error-page', code: 'max_requests' });
    expect(verifyCodeOutcome({ httpStatus: 500 }, 2)).toEqual({ kind: 'notification', key: 'generic' });
  });
});

describe('passcodeValidity', () => {
  const issuedAt = '2026-04-01T10:00:00Z';
  const in5 = new Date('2026-04-01T10:05:00Z');
  it('accepts the right code within 15 minutes', () => {
    expect(passcodeValidity({ issuedAt, failedAttempts: 0, matches: true }, in5)).toBe('VALID');
    expect(
      passcodeValidity({ issuedAt, failedAttempts: 2, matches: true }, new Date('2026-04-01T10:14:59Z')),
    ).toBe('VALID');
  });
  it('expires at 15 minutes', () => {
    expect(
      passcodeValidity({ issuedAt, failedAttempts: 0, matches: true }, new Date('2026-04-01T10:15:00Z')),
    ).toBe('EXPIRED');
  });
  it('counts wrong attempts up to 3', () => {
    expect(passcodeValidity({ issuedAt, failedAttempts: 0, matches: false }, in5)).toBe('INVALID');
    expect(passcodeValidity({ issuedAt, failedAttempts: 1, matches: false }, in5)).toBe('INVALID');
    expect(passcodeValidity({ issuedAt, failedAttempts: 2, matches: false }, in5)).toBe('ATTEMPTS_EXCEEDED');
    expect(passcodeValidity({ issuedAt, failedAttempts: 3, matches: true }, in5)).toBe('ATTEMPTS_EXCEEDED');
  });
});

describe('isPasscodeRequestAllowed', () => {
  const now = new Date('2026-04-01T10:20:00Z');
  it('allows two requests within 15 minutes', () => {
    expect(isPasscodeRequestAllowed([], now)).toBe(true);
    expect(isPasscodeRequestAllowed(['2026-04-01T10:10:00Z'], now)).toBe(true);
    expect(isPasscodeRequestAllowed(['2026-04-01T10:10:00Z', new Date('2026-04-01T10:15:00Z')], now)).toBe(
      false,
    );
    // A request exactly 15 minutes old has left the window.
    expect(isPasscodeRequestAllowed(['2026-04-01T10:05:00Z', '2026-04-01T10:15:00Z'], now)).toBe(true);
  });
});

describe('basicVerifyFailure', () => {
  it('maps the basic verify codes', () => {
    expect(basicVerifyFailure('CODE_ATTEMPTS_EXCEEDED')).toBe('incorrect-details');
    expect(basicVerifyFailure('CODE_INVALID')).toBe('invalid-code');
    expect(basicVerifyFailure(undefined)).toBe('generic');
  });
});
