import { describe, expect, it } from 'vitest';
import { ERROR_PAGE_CODES } from '../codes';
import { csvPollIntervalMs } from './csv-upload';
import { isDeclarationSignedToday } from './declaration';
import { errorPageKind, errorPagePath } from './error-pages';

describe('csvPollIntervalMs', () => {
  it.each([
    ['AWAITING', 1000],
    ['SUBMITTED', 1500],
    ['PROCESSED', null],
    ['FAILED', null],
    ['SOMETHING', 1000],
    [undefined, 1000],
  ])('%s -> %s', (status, expected) => expect(csvPollIntervalMs(status)).toBe(expected));
});

describe('isDeclarationSignedToday', () => {
  const now = new Date('2026-07-10T09:00:00Z'); // 10:00 BST on 10 July
  it('accepts today as a calendar date or an instant on the London day', () => {
    expect(isDeclarationSignedToday('2026-07-10', now)).toBe(true);
    expect(isDeclarationSignedToday('2026-07-09T23:30:00Z', now)).toBe(true); // 00:30 BST on the 10th
  });
  it('rejects another London day', () => {
    expect(isDeclarationSignedToday('2026-07-09', now)).toBe(false);
    expect(isDeclarationSignedToday('2026-07-09T22:59:00Z', now)).toBe(false); // 23:59 BST on the 9th
    expect(isDeclarationSignedToday('2026-07-10', new Date('2026-07-10T23:30:00Z'))).toBe(false); // 00:30 on the 11th
  });
  it('treats missing or corrupted values as not signed', () => {
    expect(isDeclarationSignedToday(null, now)).toBe(false);
    expect(isDeclarationSignedToday('', now)).toBe(false);
    expect(isDeclarationSignedToday('garbage', now)).toBe(false);
  });
  it('uses GMT in winter', () => {
    const winter = new Date('2026-01-10T23:30:00Z');
    expect(isDeclarationSignedToday('2026-01-10', winter)).toBe(true);
  });
});

describe('error pages', () => {
  it('maps every code to a page and anything else to the generic one', () => {
    for (const code of ERROR_PAGE_CODES) expect(errorPageKind(code)).not.toBe('generic');
    expect(errorPageKind('invalid_scope')).toBe('invalid-request');
    expect(errorPageKind('temporarily_unavailable')).toBe('service-unavailable');
    expect(errorPageKind('incorrect_role_csg')).toBe('before-you-continue');
    expect(errorPageKind('nope')).toBe('generic');
    expect(errorPageKind(null)).toBe('generic');
  });
  it('builds the error path, with the mismatch lockout on its own page', () => {
    expect(errorPagePath('expired_link')).toBe('/error?code=expired_link');
    expect(errorPagePath('dob_mismatch_attempts_exceeded')).toBe('/date-of-birth-mismatch');
  });
});
