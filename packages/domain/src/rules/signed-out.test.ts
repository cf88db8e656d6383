import { describe, expect, it } from 'vitest';
import { SIGN_OUT_REASONS } from '../codes';
import { launchNotice, SESSION_ENDED_PATH, SIGN_OUT_FAILED_PATH, signedOutNotice } from './signed-out';

describe('what the launch and signed-out pages say by their reason (decision 0055)', () => {
  it('reads the spec’s sign-out reasons on the signed-out page, by their text and their name', () => {
    expect(signedOutNotice(SIGN_OUT_REASONS.inactive)).toBe('inactive');
    expect(signedOutNotice('inactive')).toBe('inactive');
    expect(signedOutNotice(SIGN_OUT_REASONS.maxDuration)).toBe('maxDuration');
    expect(signedOutNotice('maxDuration')).toBe('maxDuration');
  });

  it('sends a session that has ended to the site root and a failed sign-out to the signed-out page', () => {
    expect(SESSION_ENDED_PATH).toBe('/?reason=session-ended');
    expect(SIGN_OUT_FAILED_PATH).toBe('/signed-out?reason=sign-out-failed');
    expect(launchNotice(new URL(SESSION_ENDED_PATH, 'http://x').searchParams.get('reason'))).toBe(
      'sessionEnded',
    );
    expect(signedOutNotice(new URL(SIGN_OUT_FAILED_PATH, 'http://x').searchParams.get('reason'))).toBe(
      'signOutFailed',
    );
    // Each page reads only its own reasons.
    expect(launchNotice('sign-out-failed')).toBeUndefined();
    expect(launchNotice(SIGN_OUT_REASONS.inactive)).toBeUndefined();
    expect(signedOutNotice('session-ended')).toBeUndefined();
  });

  it('says nothing of any other reason, so an address cannot put words on a page', () => {
    for (const other of [
      null,
      undefined,
      '',
      'you won a prize',
      'Session-Ended',
      'session-ended ',
      'constructor',
    ]) {
      expect(launchNotice(other)).toBeUndefined();
      expect(signedOutNotice(other)).toBeUndefined();
    }
  });
});
