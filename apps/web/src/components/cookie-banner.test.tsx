import { COOKIE_CONSENT_DAYS } from '@dis/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConsent, writeConsent } from '../lib/cookie-consent';
import { renderWithApp } from '../test/render';
import { CookieBanner } from './cookie-banner';

function clearCookies() {
  document.cookie = 'cookies_policy=; Max-Age=0; Path=/';
}

describe('CookieBanner', () => {
  afterEach(() => {
    clearCookies();
    vi.restoreAllMocks();
  });

  it('asks until a choice is made, then confirms and can be hidden', () => {
    renderWithApp(<CookieBanner />);
    expect(screen.getByRole('region', { name: 'Cookies on this service' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept analytics cookies' }));
    expect(readConsent()).toEqual({ analytics: true });
    expect(screen.getByText(/You’ve accepted analytics cookies/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide cookie message' }));
    expect(screen.queryByRole('region', { name: 'Cookies on this service' })).toBeNull();
  });

  it('records a rejection', () => {
    renderWithApp(<CookieBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Reject analytics cookies' }));
    expect(readConsent()).toEqual({ analytics: false });
    expect(screen.getByText(/You’ve rejected analytics cookies/)).toBeTruthy();
  });

  it('keeps the consent for 365 days', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor?.set?.call(document, value);
    });
    writeConsent({ analytics: false });
    expect(writes[0]).toContain(`Max-Age=${COOKIE_CONSENT_DAYS * 24 * 60 * 60}`);
  });

  it('is not shown once a choice exists', () => {
    writeConsent({ analytics: false });
    renderWithApp(<CookieBanner />);
    expect(screen.queryByRole('region', { name: 'Cookies on this service' })).toBeNull();
  });
});
