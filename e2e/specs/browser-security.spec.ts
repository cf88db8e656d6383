import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectNoPolicyViolations, launchBrowser, newPage } from '../support/browser';
import {
  answerFor,
  newApplicant,
  signInNewCountersignatory,
  startJourney,
  waitForHeading,
  walkToCheckYourAnswers,
  type Applicant,
} from '../support/organisation';

// Security in the browser: no personal data in the browser's storage during a journey (9), cleared on a 401;
// sign-out answers no token and clears the site's data (3, 8); no Content-Security-Policy violation on any page
// (8: every expectAccessible checks it too).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

/** Everything in this origin's sessionStorage and localStorage, keys and values. */
async function storageText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [window.sessionStorage, window.localStorage]
      .flatMap((store) =>
        Array.from({ length: store.length }, (_, i) => {
          const key = store.key(i) ?? '';
          return `${key}=${store.getItem(key) ?? ''}`;
        }),
      )
      .join('\n'),
  );
}

function expectNothingPersonal(text: string, applicant: Applicant, label: string) {
  for (const value of [applicant.firstName, applicant.lastName, applicant.email, applicant.dateOfBirth.year])
    expect(text, `${label}: storage holds ${value}`).not.toContain(value);
}

describe('the browser keeps nothing personal', () => {
  it('walks an organisation journey with no name, date of birth or email in browser storage, and clears it on a 401', async () => {
    const { context, page } = await newPage(browser);
    await signInNewCountersignatory(page);
    await startJourney(page, 'level-2');
    const applicant = { ...newApplicant('Petronella'), dateOfBirth: { day: '14', month: '3', year: '1987' } };
    await walkToCheckYourAnswers(page, 'level-2', { applicant, payment: { by: 'invoice' } });
    expectNothingPersonal(await storageText(page), applicant, 'check your answers');
    // Navigation is still kept (the back link's history), just nothing personal.
    expect(await storageText(page)).toContain('dis:navigation-history');

    // A reload reads the answers back from the server.
    await page.reload();
    await waitForHeading(page, /Check your answers/);
    await expect.poll(() => answerFor(page, 'Email address')).toBe(applicant.email);
    expectNothingPersonal(await storageText(page), applicant, 'after reload');
    await expectNoPolicyViolations(page, 'check your answers after reload');

    // The session ends behind the page's back: the next call's 401 wipes what the tab kept.
    await context.clearCookies();
    await page.evaluate(() => {
      window.sessionStorage.setItem('dis:journey:marker', '"kept until a 401"');
    });
    await page.reload();
    await expect.poll(() => storageText(page)).not.toContain('dis:');
    await expectAccessible(page, 'signed out by the server');
    await context.close();
  });

  it('signs out with a same-origin form POST whose 303 carries the ID token hint to the provider, never to a script, and clears the site data', async () => {
    const { context, page } = await newPage(browser);
    await signInNewCountersignatory(page);
    // The server's answer to the sign-out page's form, read on the way through (the browser then follows it).
    const seen: {
      method: string;
      status: number;
      headers: Record<string, string>;
      body: string;
    }[] = [];
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('logout') && ['fetch', 'xhr'].includes(request.resourceType()))
        scripts.push(request.url());
    });
    await page.route('**/oauth2/logout', async (route) => {
      const res = await route.fetch({ maxRedirects: 0 });
      seen.push({
        method: route.request().method(),
        status: res.status(),
        headers: res.headers(),
        body: await res.text(),
      });
      await route.fulfill({ response: res });
    });
    await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).click();
    await expect.poll(() => seen.length).toBe(1);
    const [logout] = seen;
    expect(logout?.method).toBe('POST');
    expect(logout?.status).toBe(303);
    expect(logout?.headers['clear-site-data']).toBe('"cache", "storage"');
    const location = new URL(logout!.headers.location!, page.url());
    expect(location.pathname).toBe('/local/idp/session/end');
    expect(location.searchParams.get('id_token_hint')).toMatch(/^eyJ[A-Za-z0-9_-]+\./);
    expect(logout?.body).not.toMatch(/eyJ[A-Za-z0-9_-]+\./);
    // A navigation, not a call a script could read.
    expect(scripts).toEqual([]);
    await page.waitForURL(/\/successfully-signed-out/);
    await expectAccessible(page, 'successfully signed out');
    expect(await storageText(page)).not.toContain('dis:');
    await context.close();
  });
});
