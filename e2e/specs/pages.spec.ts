import { ERROR_PAGE_CODES } from '@dis/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage, reflowProblems } from '../support/browser';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
});
afterAll(async () => browser.close());

const heading = () => page.getByRole('heading', { level: 1 }).textContent();

describe('error pages', () => {
  it.each([...ERROR_PAGE_CODES])('/error?code=%s has its own page', async (code) => {
    await page.goto(`/error?code=${code}`);
    await expect.poll(heading).toBeTruthy();
    // The title is set once the page has drawn, so it is waited for like the heading.
    await expect.poll(() => page.title()).toMatch(/ – /);
    await expectAccessible(page, `error ${code}`);
  });

  it('gives each code a different page from the generic one, except those the spec sends to it', async () => {
    await page.goto('/error?code=no_such_code');
    await expect.poll(heading).toBeTruthy();
    const generic = await page.locator('main').textContent();
    expect(generic).toMatch(/no_such_code/);
    await expectAccessible(page, 'generic error');
    await page.goto('/error?code=matching_error');
    await expect.poll(heading).toBeTruthy();
    expect(await page.locator('main').textContent()).not.toBe(generic);
  });

  it('sends the incorrect-role codes to "before you continue" with a continue button to the dashboard', async () => {
    for (const code of ['org_not_matching', 'incorrect_role_csg', 'incorrect_role_applicant']) {
      await page.goto(`/error?code=${code}`);
      await expect.poll(heading).toMatch(/before you continue/i);
      expect(await page.getByRole('button', { name: /continue/i }).getAttribute('href')).toBe('/dashboard');
    }
  });

  it('shows not-found for an unknown page', async () => {
    await page.goto('/no/such/page');
    await expect.poll(heading).toBe('Page not found');
    await expectAccessible(page, 'not found');
  });
});

describe('information pages', () => {
  it.each([
    '/static/about',
    '/static/accessibility',
    '/static/cookies',
    '/static/privacy',
    '/help',
    '/successfully-signed-out',
  ])('%s', async (path) => {
    await page.goto(path);
    await expect.poll(heading).toBeTruthy();
    await expectAccessible(page, path);
  });

  it('the accessibility statement says what was tested, what does not meet WCAG 2.2 AA, contact and enforcement', async () => {
    await page.goto('/static/accessibility');
    await expect.poll(heading).toBe('Accessibility statement');
    const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    for (const expected of [
      'How accessible this service is',
      'Feedback and contact information',
      'Reporting accessibility problems with this service',
      'Enforcement procedure',
      'Compliance status',
      'Non-accessible content',
      'How we tested this service',
      'What we have not tested yet',
      'Preparation of this accessibility statement',
    ])
      expect(headings).toContain(expected);
    const text = await page.locator('main').innerText();
    expect(text).toContain('partially compliant');
    expect(text).toContain('320 pixels wide');
    expect(text).toContain('inactivity warning');
    expect(text).toContain('2.2.1 (Timing adjustable)');
    expect(text).toContain('23 November 2026');
    await page.getByRole('link', { name: 'Contact details on the help page' }).first().click();
    await expect.poll(heading).toBe('Help');
  });

  it('the reflow check finds a page that scrolls sideways at 320 px and leaves the page as it was', async () => {
    await page.goto('/static/about');
    await expect.poll(heading).toBeTruthy();
    const size = page.viewportSize();
    expect(await reflowProblems(page)).toEqual([]);
    await page.evaluate(() => {
      const wide = document.createElement('div');
      wide.id = 'too-wide';
      wide.style.width = '600px';
      document.querySelector('main')?.append(wide);
    });
    expect(await reflowProblems(page)).toContainEqual(expect.stringMatching(/^div#too-wide ends at \d+ px$/));
    expect(page.viewportSize()).toEqual(size);
    await expect.poll(() => page.locator('#too-wide').count()).toBe(1);
  });

  /** What the accessibility check reported, as its failure shows it ('' when it passed). */
  const violationsOf = (label: string): Promise<string> =>
    expectAccessible(page, label).then(
      () => '',
      (error: { actual?: unknown }) =>
        Array.isArray(error.actual) ? error.actual.join('\n') : String(error),
    );

  it('the accessibility check fails a page with a WCAG violation, after passing it, and again after a redraw', async () => {
    await page.goto('/static/about');
    await expect.poll(heading).toBeTruthy();
    await expectAccessible(page, 'about, as drawn');
    // axe is now in the document: a second check on the same document must still see what changed since.
    await page.evaluate(() => {
      const field = document.createElement('input');
      field.id = 'unlabelled';
      document.querySelector('main')?.append(field);
    });
    expect(await violationsOf('about, with an unlabelled field')).toMatch(/^label \(critical\)/m);
    await page.evaluate(() => document.getElementById('unlabelled')?.remove());
    await page.evaluate(() => {
      const text = document.createElement('p');
      text.id = 'faint';
      text.textContent = 'Faint text';
      text.style.color = '#dddddd';
      document.querySelector('main')?.append(text);
    });
    expect(await violationsOf('about, with faint text')).toMatch(/^color-contrast \(serious\)/m);
    await page.evaluate(() => document.getElementById('faint')?.remove());
    await expectAccessible(page, 'about, put back');
  });

  it('links About, Accessibility, Cookies and Privacy from the footer', async () => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const name of ['About', 'Accessibility', 'Cookies', 'Privacy']) {
      await expect.poll(() => footer.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
  });

  it('keeps cookie consent: the banner goes once a choice is made and stays gone', async () => {
    const { context, page: fresh } = await newPage(browser);
    await fresh.goto('/');
    await fresh.getByRole('button', { name: 'Reject analytics cookies' }).click();
    await expect.poll(() => fresh.getByRole('button', { name: 'Accept analytics cookies' }).count()).toBe(0);
    await fresh.reload();
    await expect.poll(() => fresh.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
    expect(await fresh.getByRole('button', { name: 'Accept analytics cookies' }).count()).toBe(0);
    const consent = (await context.cookies()).find((c) => c.name === 'cookies_policy');
    expect(consent).toBeDefined();
    const days = (consent!.expires * 1000 - Date.now()) / (24 * 60 * 60 * 1000);
    expect(Math.round(days)).toBe(365);
    await context.close();
  });
});
