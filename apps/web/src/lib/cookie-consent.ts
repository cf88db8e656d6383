import { COOKIE_CONSENT_MS } from '@dis/domain';

export interface CookieConsent {
  analytics: boolean;
}

const COOKIE = 'cookies_policy';

/** The choice in the browser's cookies (`document.cookie`, or on the server the request's Cookie header). */
export function readConsent(cookies: string = document.cookie): CookieConsent | undefined {
  const entry = cookies
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

/** The banner's form, posted without JavaScript: its field and the cookie the server sets for the choice. */
export const COOKIE_BANNER_FORM = 'cookie-banner';
/** The query parameter that shows the banner's confirmation after a choice posted without JavaScript. */
export const COOKIE_CHOICE_PARAM = 'cookieChoice';
export function consentCookie(analytics: boolean, secure: boolean): string {
  const maxAge = Math.round(COOKIE_CONSENT_MS / 1000);
  return `${COOKIE}=${encodeURIComponent(JSON.stringify({ analytics }))}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
