import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

/** Presses Tab until the focused element matches, as a keyboard user would; fails if it never does. */
async function tabTo(
  page: Page,
  matches: (el: { text: string; role: string | null; tag: string; type: string | null }) => boolean,
) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        // A form control is known by its label; anything else by its text.
        text: (
          (el && 'labels' in el ? (el as HTMLInputElement).labels?.[0]?.textContent : undefined) ||
          el?.innerText ||
          el?.textContent ||
          el?.getAttribute('aria-label') ||
          ''
        ).trim(),
        role: el?.getAttribute('role') ?? null,
        tag: el?.tagName.toLowerCase() ?? '',
        type: el?.getAttribute('type') ?? null,
      };
    });
    if (matches(focused)) return;
  }
  throw new Error('Tabbed through the page without reaching the element');
}

describe('keyboard only', () => {
  it('a countersignatory signs in, signs the declaration and reaches the dashboard without a mouse', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    // The cookie banner comes first (GOV.UK puts it before the skip link); the skip link follows it.
    await tabTo(page, (el) => /skip to main content/i.test(el.text));
    await tabTo(page, (el) => /continue to your identity account/i.test(el.text));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/local\/idp\/interaction\//);
    // A new person of our own (typed into the custom persona form), so the declaration is still unsigned today.
    await tabTo(page, (el) => el.text === 'First name');
    await page.keyboard.type('Kit');
    await tabTo(page, (el) => el.text === 'Last name');
    await page.keyboard.type(`Keyboard${Date.now().toString(36).replace(/[0-9]/g, 'x')}`);
    await tabTo(page, (el) => el.text.startsWith('Date of birth'));
    await page.keyboard.type('1979-08-03');
    await tabTo(page, (el) => el.text === 'Role');
    await page.keyboard.type('LEVEL1');
    await tabTo(page, (el) => el.text.startsWith('Organisation'));
    await page.keyboard.type('Organisation A');
    await tabTo(page, (el) => el.text === 'Sign in as custom persona');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/declaration/);
    await tabTo(page, (el) => el.tag === 'input' && el.type === 'checkbox');
    await page.keyboard.press('Space');
    await tabTo(page, (el) => el.tag === 'button' && /continue|confirm/i.test(el.text));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/csg\/dashboard/);
    // Sign out from the menu, still by keyboard.
    await tabTo(page, (el) => el.text === 'Sign out');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/successfully-signed-out/);
    await context.close();
  });
});
