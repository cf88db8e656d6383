import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShareSectionFacts } from './sharing';
import {
  SHARE_ROUTE_PATHS,
  isShareCooldownMet,
  isShareWindowOpen,
  phoneHint,
  shareCooldownRemainingMs,
  shareExpiryDateFor,
  maskedPhone,
  shareLinkErrorPage,
  shareOptions,
  shareRefusal,
  shareRouteFor,
  shareSectionState,
  shareSectionStateFor,
  shareWindowEndsAt,
  sharedLinkExpiresAt,
} from './sharing';

describe('share window', () => {
  it.each([
    ['2026-04-01', '2026-04-11'],
    ['2026-12-25', '2027-01-04'],
  ])('runs 10 days from issue: %s to %s', (issued, expires) => {
    expect(shareExpiryDateFor(issued)).toBe(expires);
  });

  it('is open all through the expiry day in UTC and closed from the next day', () => {
    expect(shareWindowEndsAt('2026-04-11').toISOString()).toBe('2026-04-12T00:00:00.000Z');
    expect(isShareWindowOpen('2026-04-11', new Date('2026-04-11T00:00:00Z'))).toBe(true);
    expect(isShareWindowOpen('2026-04-11', new Date('2026-04-11T23:59:59.999Z'))).toBe(true);
    expect(isShareWindowOpen('2026-04-11', new Date('2026-04-12T00:00:00Z'))).toBe(false);
    // 00:30 BST on the 12th is still the 11th in UTC.
    expect(isShareWindowOpen('2026-04-11', new Date('2026-04-12T00:30:00+01:00'))).toBe(true);
    expect(isShareWindowOpen(null, new Date('2026-04-01T00:00:00Z'))).toBe(false);
  });
});

describe('shareRouteFor', () => {
  it('asks for recipient details for level 1 not countersigned', () => {
    expect(shareRouteFor({ type: 'LA', isCountersigned: false, channel: 'O' })).toBe('recipient-details');
    expect(shareRouteFor({ type: 'LA', isCountersigned: true, channel: 'O' })).toBe('direct');
  });
  it('asks for recipient details for the B2B channel', () => {
    expect(shareRouteFor({ type: 'LB', isCountersigned: true, channel: 'B' })).toBe('recipient-details');
    expect(shareRouteFor({ type: 'PB', isCountersigned: false, channel: 'B' })).toBe('recipient-details');
  });
  it('asks for consent for confirmation types', () => {
    expect(shareRouteFor({ type: 'PB', isCountersigned: false, channel: 'O' })).toBe('consent');
    expect(shareRouteFor({ type: 'PD', isCountersigned: true, channel: 'P' })).toBe('consent');
  });
  it('shares directly otherwise', () => {
    expect(shareRouteFor({ type: 'LC', isCountersigned: true, channel: 'P' })).toBe('direct');
    expect(SHARE_ROUTE_PATHS.consent).toBe('/share/consent');
  });
});

describe('paper share', () => {
  it('happens once; digital stays on offer', () => {
    expect(shareOptions(false)).toEqual({ digital: true, paper: true });
    expect(shareOptions(true)).toEqual({ digital: true, paper: false });
  });
});

describe('cooldown and limit', () => {
  const last = '2026-04-01T10:00:00Z';
  it('waits 30 minutes between shares', () => {
    expect(isShareCooldownMet(last, new Date('2026-04-01T10:29:59Z'))).toBe(false);
    expect(shareCooldownRemainingMs(last, new Date('2026-04-01T10:29:59Z'))).toBe(1000);
    expect(isShareCooldownMet(last, new Date('2026-04-01T10:30:00Z'))).toBe(true);
    expect(isShareCooldownMet(null, new Date(last))).toBe(true);
    // A last share stamped in the future (clock skew) waits one cooldown, not longer.
    expect(shareCooldownRemainingMs(last, new Date('2026-04-01T09:00:00Z'))).toBe(30 * 60_000);
  });

  it('refuses over the limit first, then within the cooldown', () => {
    const now = new Date('2026-04-01T10:10:00Z');
    expect(shareRefusal({ shareCount: 10, lastSharedAt: null }, now)).toBe('SHARE_LIMIT_EXCEEDED');
    expect(shareRefusal({ shareCount: 10, lastSharedAt: last }, now)).toBe('SHARE_LIMIT_EXCEEDED');
    expect(shareRefusal({ shareCount: 9, lastSharedAt: last }, now)).toBe('SHARE_COOLDOWN_TIMER_NOT_MET');
    expect(shareRefusal({ shareCount: 9, lastSharedAt: last }, new Date('2026-04-01T10:30:00Z'))).toBeNull();
    expect(shareRefusal({ shareCount: 0, lastSharedAt: undefined }, now)).toBeNull();
  });
});

describe('share properties', () => {
  it('keeps the cooldown between 0 and 30 minutes and met exactly when it is 0', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -1e9, max: 1e9 }),
        (last, offset) => {
          const now = new Date(last.getTime() + offset);
          const remaining = shareCooldownRemainingMs(last, now);
          return (
            remaining >= 0 && remaining <= 30 * 60_000 && isShareCooldownMet(last, now) === (remaining === 0)
          );
        },
      ),
    );
  });

  it('closes the window at one fixed instant: open before, closed after', () => {
    const day = fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(day, fc.integer({ min: -5 * 86_400_000, max: 5 * 86_400_000 }), (d, offset) => {
        const expiry = d.toISOString().slice(0, 10);
        const end = shareWindowEndsAt(expiry).getTime();
        return isShareWindowOpen(expiry, new Date(end + offset)) === offset < 0;
      }),
    );
  });
});

describe('recipient links', () => {
  it('last 10 days for basic and 14 otherwise', () => {
    expect(sharedLinkExpiresAt('2026-04-01T10:00:00Z', true).toISOString()).toBe('2026-04-11T10:00:00.000Z');
    expect(sharedLinkExpiresAt(new Date('2026-04-01T10:00:00Z'), false).toISOString()).toBe(
      '2026-04-15T10:00:00.000Z',
    );
  });

  it('hints the last four digits of a longer phone number', () => {
    expect(phoneHint('+44 7700 900123')).toBe('0123');
    expect(phoneHint('12345')).toBe('2345');
    expect(phoneHint('1234')).toBeNull();
    expect(phoneHint(null)).toBeNull();
  });

  it('masks the phone as the page shows it: never the whole number or its length', () => {
    expect(maskedPhone('+44 7700 900123')).toBe('*******0123');
    expect(maskedPhone('07700900456')).toBe('*******0456');
    expect(maskedPhone('1234')).toBeNull();
    expect(maskedPhone(undefined)).toBeNull();
  });

  it.each([
    ['VIEW_SHARED_RESULT_ATTEMPTS_EXCEEDED', undefined, false, 'invalid_link_attempts_exceeded'],
    ['SHARED_RESULT_LINK_INVALID', 404, false, 'invalid_link_broken_or_replaced'],
    ['VALIDATE_VIEW_SHARED_RESULT_INVALID', 400, true, 'invalid_link_broken_or_replaced'],
    ['SHARED_RESULT_LINK_EXPIRED', 410, false, 'expired_link'],
    ['SHARED_RESULT_LINK_ALREADY_USED', 410, true, 'expired_basic_share_link'],
    [null, 401, false, 'expired_link'],
    [undefined, 401, true, 'expired_basic_share_link'],
    ['SOMETHING_ELSE', 500, false, null],
    [null, null, false, null],
  ] as const)('%s (%s, basic %s) -> %s', (backendCode, status, basic, expected) => {
    expect(shareLinkErrorPage({ backendCode, status }, basic)).toBe(expected);
  });
});

describe('shareSectionState', () => {
  const facts: ShareSectionFacts = {
    type: 'LB',
    shareable: true,
    shareExpiryDate: '2026-04-11',
    isUnderReview: false,
    isReviewEligible: false,
    convictions: [],
    appealDecision: 'NOT_SET',
  };
  const open = new Date('2026-04-05T12:00:00Z');
  const after = new Date('2026-04-12T00:00:00Z');

  it('is available in the window', () => expect(shareSectionState(facts, open)).toBe('available'));
  it('blocks during a review', () =>
    expect(shareSectionState({ ...facts, isUnderReview: true }, open)).toBe('review-in-progress'));
  it('shows the appeal inset while appealing', () =>
    expect(
      shareSectionState(
        { ...facts, convictions: [{ appealable: true }], appealDecision: 'INTENDS_TO_APPEAL' },
        open,
      ),
    ).toBe('appeal-pending'));
  it('is not allowed when not shareable or undecided appeal', () => {
    expect(shareSectionState({ ...facts, shareable: false }, open)).toBe('not-allowed');
    expect(shareSectionState({ ...facts, convictions: [{ appealable: true }] }, open)).toBe('not-allowed');
  });
  it('turns into the expired note after the window', () => {
    expect(shareSectionState(facts, after)).toBe('expired');
    expect(shareSectionState({ ...facts, type: 'SR', isReviewEligible: true }, after)).toBe('expired');
  });
  it('hides the section for an expired scheme record that is not review-eligible', () =>
    expect(shareSectionState({ ...facts, type: 'SR' }, after)).toBe('hidden'));
});

describe('shareSectionStateFor (the window as the server answered it)', () => {
  const facts = {
    type: 'LB',
    shareable: true,
    isUnderReview: false,
    isReviewEligible: false,
    convictions: [],
    appealDecision: 'NOT_SET',
  } as const;

  it('is available while the server says the window is open, the expired note once it says closed', () => {
    expect(shareSectionStateFor(facts, true)).toBe('available');
    expect(shareSectionStateFor(facts, false)).toBe('expired');
    expect(shareSectionStateFor({ ...facts, type: 'SR', isReviewEligible: true }, false)).toBe('expired');
    expect(shareSectionStateFor({ ...facts, type: 'SR' }, false)).toBe('hidden');
  });
  it('puts review, appeal and shareability before the window, as shareSectionState does', () => {
    expect(shareSectionStateFor({ ...facts, isUnderReview: true }, false)).toBe('review-in-progress');
    expect(
      shareSectionStateFor(
        { ...facts, convictions: [{ appealable: true }], appealDecision: 'INTENDS_TO_APPEAL' },
        false,
      ),
    ).toBe('appeal-pending');
    expect(shareSectionStateFor({ ...facts, shareable: false }, false)).toBe('not-allowed');
    expect(shareSectionStateFor({ ...facts, convictions: [{ appealable: true }] }, false)).toBe(
      'not-allowed',
    );
    expect(
      shareSectionStateFor(
        { ...facts, convictions: [{ appealable: true }], appealDecision: 'WONT_APPEAL' },
        false,
      ),
    ).toBe('expired');
  });
  it('agrees with shareSectionState on either side of the window', () => {
    const full = { ...facts, shareExpiryDate: '2026-04-11' };
    for (const now of [new Date('2026-04-11T23:59:59.999Z'), new Date('2026-04-12T00:00:00Z')])
      expect(shareSectionStateFor(facts, isShareWindowOpen(full.shareExpiryDate, now))).toBe(
        shareSectionState(full, now),
      );
  });
});
