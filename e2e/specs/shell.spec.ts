import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  launchBrowser,
  newPage,
  signDeclaration,
  signInAsNewPerson,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

describe('the shell of the site', () => {
  it('shows the launch page to someone signed out, with the button to the identity account', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await expect.poll(() => page.title()).toMatch(/ – /);
    await page.screenshot({ path: 'artifacts/launch.png', fullPage: true });
    await expectAccessible(page, 'launch');
    await context.close();
  });

  it('signs a countersignatory in, asks for the declaration, then shows the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signInAsNewPerson(page, { role: 'CSG', organisation: 'A' });
    await page.waitForURL(/\/declaration/);
    await expectAccessible(page, 'declaration');
    await page.screenshot({ path: 'artifacts/declaration.png', fullPage: true });
    await signDeclaration(page);
    await page.waitForURL(/\/csg\/dashboard/);
    await page.screenshot({ path: 'artifacts/csg-dashboard.png', fullPage: true });
    await expectAccessible(page, 'csg dashboard');
    await context.close();
  });
});
