import { describe, expect, it } from 'vitest';
import {
  applicationTypeName,
  UUID_PATTERN,
  APPLICATION_STATUSES,
  APPLICATION_TYPE_CODES,
  BACKEND_CODES,
  DEFAULT_FEATURE_FLAGS,
  ERROR_PAGE_CODES,
  REGULATORY_BODIES,
  isApplicationStatus,
  isApplicationTypeCode,
  isBackendCode,
  isErrorPageCode,
  isIdentityVerified,
  regulatoryBodyByCode,
} from './codes';
import { MAX_REGISTRATION_NUMBER_LENGTH } from './limits';

describe('codes', () => {
  it('lists the 13 application types and 12 statuses', () => {
    expect(APPLICATION_TYPE_CODES).toHaveLength(13);
    expect(APPLICATION_STATUSES).toHaveLength(12);
    expect(isApplicationTypeCode('LC')).toBe(true);
    expect(isApplicationTypeCode('XX')).toBe(false);
    expect(isApplicationTypeCode('toString')).toBe(false);
    expect(isApplicationTypeCode(7)).toBe(false);
    expect(isApplicationStatus('RESULT_SHARED')).toBe(true);
    expect(isApplicationStatus('SHARED')).toBe(false);
    expect(isApplicationStatus(null)).toBe(false);
  });

  it('treats only DS_VERIFIED and GPG45_MEDIUM as identity verified', () => {
    expect(isIdentityVerified('DS_VERIFIED')).toBe(true);
    expect(isIdentityVerified('GPG45_MEDIUM')).toBe(true);
    for (const level of ['GPG45_LOW', 'GPG45_HIGH', 'NO_ASSURANCE', 'DS_FAILED', null, undefined]) {
      expect(isIdentityVerified(level)).toBe(false);
    }
  });

  it('turns every flag on by default except the CSG code filter', () => {
    const off = Object.entries(DEFAULT_FEATURE_FLAGS).filter(([, on]) => !on);
    expect(off).toEqual([['csgCodeFilter', false]]);
    expect(Object.isFrozen(DEFAULT_FEATURE_FLAGS)).toBe(true);
  });

  it('has unique error page codes and backend codes', () => {
    expect(new Set(ERROR_PAGE_CODES).size).toBe(ERROR_PAGE_CODES.length);
    expect(ERROR_PAGE_CODES).toHaveLength(23);
    expect(new Set(BACKEND_CODES).size).toBe(BACKEND_CODES.length);
    expect(isErrorPageCode('expired_basic_share_link')).toBe(true);
    expect(isErrorPageCode('EXPIRED')).toBe(false);
    expect(isBackendCode('SHARE_COOLDOWN_TIMER_NOT_MET')).toBe(true);
    expect(isBackendCode('expired_link')).toBe(false);
    expect(isBackendCode(undefined)).toBe(false);
  });

  it('has regulatory bodies 101 to 112 whose samples fit their pattern and the 13-character cap', () => {
    expect(REGULATORY_BODIES.map((b) => Number(b.code))).toEqual(
      Array.from({ length: 12 }, (_, i) => 101 + i),
    );
    for (const body of REGULATORY_BODIES) {
      expect(body.registrationNumberPattern.test(body.example)).toBe(true);
      expect(body.example.length).toBeLessThanOrEqual(MAX_REGISTRATION_NUMBER_LENGTH);
      expect(body.registrationNumberPattern.test('not a number')).toBe(false);
    }
    expect(regulatoryBodyByCode('101')?.name).toBe('General Medical Council');
    expect(regulatoryBodyByCode('113')).toBeUndefined();
  });
});

describe('application type names and UUIDs', () => {
  it('names a known type as people read it and leaves an unknown code as it is', () => {
    expect(applicationTypeName('LC')).toBe('Level 2 with barred list check');
    expect(applicationTypeName('ZZ')).toBe('ZZ');
  });
  it('accepts a UUID in either case and nothing else', () => {
    expect(UUID_PATTERN.test('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(UUID_PATTERN.test('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true);
    expect(UUID_PATTERN.test('0f8fad5b-d9cb-469f-a165-70867728950')).toBe(false);
  });
});
