import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
        text: (
          el?.innerText ||
          el?.getAttribute('aria-label') ||
          (el as HTMLInputElement | null)?.labels?.[0]?.innerText ||
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
    // The first Tab reaches the skip link.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/skip to main content/i);
    await tabTo(page, (el) => /continue to your identity account/i.test(el.text));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/local\/idp\/interaction\//);
    await tabTo(page, (el) => el.text === 'Sign in as level1-csg');
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
