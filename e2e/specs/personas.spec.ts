import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  launchBrowser,
  launchButton,
  newPage,
  signDeclaration,
  signDeclarationIfAsked,
  signIn,
  signInAsNewPerson,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const APPLICANT_MENU = ['Applications', 'Personal details', 'Help', 'Sign out'];
const ORGANISATION_MENU = ['Organisation details', 'Personal details', 'Help', 'Sign out'];

const PERSONAS = [
  {
    id: 'applicant-verified',
    dashboard: '/applicant/dashboard',
    menu: [...APPLICANT_MENU, 'PVG scheme membership'],
    tagline: 'Applicant',
  },
  {
    id: 'applicant-unverified',
    dashboard: '/applicant/dashboard',
    menu: [...APPLICANT_MENU, 'PVG scheme membership'],
    tagline: 'Applicant',
  },
  {
    id: 'applicant-basic',
    dashboard: '/applicant/dashboard',
    menu: APPLICANT_MENU,
    notInMenu: 'PVG scheme membership',
    tagline: 'Applicant',
  },
  {
    id: 'application-only',
    dashboard: '/applicant/dashboard',
    menu: APPLICANT_MENU,
    notInMenu: 'PVG scheme membership',
    tagline: 'Applicant',
  },
  {
    id: 'csg',
    dashboard: '/csg/dashboard',
    menu: ORGANISATION_MENU,
    declaration: true,
    tagline: 'Countersignatory',
  },
  {
    id: 'level1-csg',
    dashboard: '/csg/dashboard',
    menu: ORGANISATION_MENU,
    declaration: true,
    tagline: 'Countersignatory',
  },
  {
    id: 'lead-csg',
    dashboard: '/csg/dashboard',
    menu: ORGANISATION_MENU,
    declaration: true,
    tagline: 'Countersignatory',
  },
  {
    id: 'csg-other-org',
    dashboard: '/csg/dashboard',
    menu: ORGANISATION_MENU,
    declaration: true,
    tagline: 'Countersignatory',
  },
];

describe('every persona signs in and lands on its dashboard with its menu', () => {
  it.each(PERSONAS)('$id', async (persona) => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await expectAccessible(page, 'launch');
    await launchButton(page).click();
    await page.waitForURL(/\/local\/idp\/interaction\//);
    await expectAccessible(page, 'local identity provider sign-in');
    await page.getByRole('button', { name: new RegExp(`Sign in as ${persona.id}$`) }).click();
    // Other specs on the same server may have signed this persona's declaration already today.
    if (persona.declaration) await signDeclarationIfAsked(page);
    await page.waitForURL((url) => url.pathname === persona.dashboard);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
    const header = page.getByRole('banner');
    for (const item of persona.menu) {
      await expect
        .poll(() =>
          header
            .getByRole('link', { name: item, exact: true })
            .or(header.getByRole('button', { name: item, exact: true }))
            .count(),
        )
        .toBeGreaterThan(0);
    }
    if (persona.notInMenu)
      expect(await header.getByRole('link', { name: persona.notInMenu, exact: true }).count()).toBe(0);
    await expect.poll(() => header.textContent()).toContain(persona.tagline);
    await expectAccessible(page, `${persona.id} dashboard`);
    await page.screenshot({ path: `artifacts/dashboard-${persona.id}.png`, fullPage: true });
    await context.close();
  });
});

describe('guards', () => {
  it('shows the launch page on a protected page when signed out', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/csg/dashboard');
    await expect.poll(() => launchButton(page).count()).toBe(1);
    await context.close();
  });

  it('shows not-found to a signed-in person with the wrong role', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'applicant-verified');
    await page.waitForURL(/\/applicant\/dashboard/);
    await page.goto('/csg/dashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await expectAccessible(page, 'not found');
    await page.goto('/declaration');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await context.close();
  });

  it('sends a countersignatory to the declaration first, refuses it unticked, then takes them where they were going', async () => {
    const { context, page } = await newPage(browser);
    await signInAsNewPerson(page, { role: 'CSG', organisation: 'A' });
    await page.waitForURL(/\/declaration/);
    await page.getByRole('button', { name: /continue|confirm/i }).click();
    await expect.poll(() => page.title()).toMatch(/^Error: /);
    const summary = page.getByRole('alert');
    await expect.poll(() => summary.textContent()).toMatch(/fields are missing or contain errors/i);
    await expectAccessible(page, 'declaration with an error');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /continue|confirm/i }).click();
    await page.waitForURL(/\/csg\/dashboard/);
    await context.close();
  });

  it('shows a countersignatory their own organisation details and everyone their personal details', async () => {
    const { context, page } = await newPage(browser);
    await signInAsNewPerson(page, { role: 'CSG', organisation: 'B' });
    await signDeclaration(page);
    await page.getByRole('banner').getByRole('link', { name: 'Organisation details' }).click();
    await expect.poll(() => page.locator('main').textContent()).toContain('Organisation B');
    await expectAccessible(page, 'countersignatory details');
    await page.getByRole('banner').getByRole('link', { name: 'Personal details' }).click();
    await expect.poll(() => page.locator('main').textContent()).toContain('Robin');
    await expectAccessible(page, 'personal details');
    await context.close();
  });
});
