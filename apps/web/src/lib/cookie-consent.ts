import { COOKIE_CONSENT_MS } from '@dis/domain';

export interface CookieConsent {
  analytics: boolean;
}

const COOKIE = 'cookies_policy';

export function readConsent(): CookieConsent | undefined {
  const entry = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIE}=`));
  if (!entry) return undefined;
  try {
    const value = JSON.parse(decodeURIComponent(entry.slice(COOKIE.length + 1))) as unknown;
    if (value && typeof value === 'object' && typeof (value as CookieConsent).analytics === 'boolean') {
      return { analytics: (value as CookieConsent).analytics };
    }
  } catch {
    // A damaged cookie counts as no choice, so the banner asks again.
  }
  return undefined;
}

export function writeConsent(consent: CookieConsent): void {
  const maxAge = Math.round(COOKIE_CONSENT_MS / 1000);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(JSON.stringify(consent))}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT));
}

/** Lets the banner hide itself when the choice is made on the cookies page. */
export const CONSENT_EVENT = 'cookie-consent-changed';
