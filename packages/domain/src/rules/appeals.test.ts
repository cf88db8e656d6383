import { describe, expect, it } from 'vitest';
import type { AppealDecision } from '../codes';
import {
  afterReleasePath,
  appealDeadline,
  hasAppealableConvictions,
  isAppealPending,
  isPendingReleaseDue,
  isSharingAllowedByAppeal,
  shouldAskAppealQuestion,
} from './appeals';

const appealable = [{ appealable: false }, { appealable: true }];
const notAppealable = [{ appealable: false }];

describe('appeal question', () => {
  it('is asked with appealable convictions and no decision', () => {
    expect(hasAppealableConvictions({ convictions: appealable })).toBe(true);
    expect(hasAppealableConvictions({ convictions: [] })).toBe(false);
    expect(shouldAskAppealQuestion({ convictions: appealable, appealDecision: 'NOT_SET' })).toBe(true);
    expect(shouldAskAppealQuestion({ convictions: appealable, appealDecision: null })).toBe(true);
    expect(shouldAskAppealQuestion({ convictions: appealable, appealDecision: 'WONT_APPEAL' })).toBe(false);
    expect(shouldAskAppealQuestion({ convictions: notAppealable, appealDecision: 'NOT_SET' })).toBe(false);
  });
});

describe('isSharingAllowedByAppeal', () => {
  it.each<[boolean, { appealable: boolean }[], AppealDecision | null, boolean]>([
    [false, notAppealable, 'NOT_SET', false],
    [true, notAppealable, 'NOT_SET', true],
    [true, [], null, true],
    [true, appealable, 'NOT_SET', false],
    [true, appealable, null, false],
    [true, appealable, 'INTENDS_TO_APPEAL', false],
    [true, appealable, 'WONT_APPEAL', true],
    [true, appealable, 'APPEAL_RELEASED', true],
    [false, appealable, 'WONT_APPEAL', false],
  ])('shareable %s, %j, %s -> %s', (shareable, convictions, appealDecision, expected) => {
    expect(isSharingAllowedByAppeal({ shareable, convictions, appealDecision })).toBe(expected);
  });

  it('marks intends-to-appeal as pending', () => {
    expect(isAppealPending({ convictions: appealable, appealDecision: 'INTENDS_TO_APPEAL' })).toBe(true);
    expect(isAppealPending({ convictions: appealable, appealDecision: undefined })).toBe(false);
  });
});

describe('appeal dates', () => {
  it('shows the deadline as the day before the scheduled pending release', () => {
    expect(appealDeadline('2026-03-01')).toBe('2026-02-28');
    expect(appealDeadline('2028-03-01')).toBe('2028-02-29');
    expect(appealDeadline('2027-01-01')).toBe('2026-12-31');
    expect(() => appealDeadline('01/03/2026')).toThrow(RangeError);
    expect(() => appealDeadline('2026-02-30')).toThrow(RangeError);
  });

  it('releases from the scheduled date on', () => {
    expect(isPendingReleaseDue('2026-03-01', new Date('2026-02-28T23:59:59Z'))).toBe(false);
    expect(isPendingReleaseDue('2026-03-01', new Date('2026-03-01T00:00:00Z'))).toBe(true);
  });

  it('goes to share digitally after release when shareable', () => {
    expect(afterReleasePath('r 1', true)).toBe('/share-result?resultId=r%201');
    expect(afterReleasePath('r1', false)).toBe('/results/r1/release-success');
  });
});
