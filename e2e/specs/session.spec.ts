import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage, signDeclarationIfAsked, signIn } from '../support/browser';
import { waitForHeading } from '../support/organisation';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const MINUTE = 60 * 1000;
const dialog = (page: Page) => page.getByRole('dialog');

describe('the session in the browser', () => {
  it('warns after 29 idle minutes, counts down 60 seconds, then signs out as inactive for 30 minutes', async () => {
    const { context, page } = await newPage(browser);
    await page.clock.install();
    await signIn(page, 'applicant-verified');
    await page.waitForURL(/\/applicant\/dashboard/);
    // Stop the page's clock so the countdown moves only when the test moves it.
    await page.clock.pauseAt(new Date(Date.now() + 1000));
    await page.clock.fastForward(28 * MINUTE);
    expect(await dialog(page).count()).toBe(0);
    await page.clock.runFor(MINUTE);
    await expect.poll(() => dialog(page).count()).toBe(1);
    const secondsShown = async () =>
      Number(/in (\d+) seconds?/.exec((await dialog(page).textContent()) ?? '')?.[1]);
    const first = await secondsShown();
    expect(first).toBeGreaterThan(55);
    expect(first).toBeLessThanOrEqual(60);
    // One-second steps.
    await page.clock.runFor(1000);
    await expect.poll(secondsShown).toBe(first - 1);
    await page.clock.runFor(1000);
    await expect.poll(secondsShown).toBe(first - 2);
    // axe and the sign-out pages need the page's own timers, so let time flow again.
    await page.clock.resume();
    await expectAccessible(page, 'inactivity dialog');
    await page.screenshot({ path: 'artifacts/inactivity-dialog.png' });
    await page.clock.runFor(60 * 1000);
    await page.waitForURL(/\/signed-out/);
    await expect.poll(() => page.locator('main').textContent()).toContain('inactive for 30 minutes');
    await expectAccessible(page, 'signed out (inactive)');
    // The server session has gone too.
    const status = await page.evaluate(() => fetch('/oauth2/api/userinformation').then((r) => r.status));
    expect(status).toBe(401);
    await context.close();
  });

  it('keeps the session when the person chooses to stay signed in', async () => {
    const { context, page } = await newPage(browser);
    await page.clock.install();
    await signIn(page, 'applicant-basic');
    await page.waitForURL(/\/applicant\/dashboard/);
    await page.clock.fastForward(29 * MINUTE + 10 * 1000);
    await expect.poll(() => dialog(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await page.clock.runFor(5 * MINUTE);
    expect(page.url()).toMatch(/\/applicant\/dashboard/);
    const status = await page.evaluate(() => fetch('/oauth2/api/userinformation').then((r) => r.status));
    expect(status).toBe(200);
    await context.close();
  });

  it('a tab left alone neither warns nor signs out someone working in another tab', async () => {
    const { context, page } = await newPage(browser);
    await page.clock.install();
    await signIn(page, 'applicant-verified');
    await page.waitForURL(/\/applicant\/dashboard/);
    // A second tab in the same browser: the context's clock (installed above) is both tabs' clock.
    const working = await context.newPage();
    await working.goto('/applicant/dashboard');
    await waitForHeading(working, 'Your applications');
    const bothTabs = (ms: number) => page.clock.fastForward(ms);
    // What the first tab hears from the others on the service's channel (`SESSION_CHANNEL` in the web app's
    // session-timeout.tsx), beside the service's own listener, which hears the same.
    const heard = () => page.evaluate(() => (window as unknown as { heard: number }).heard);
    await page.evaluate((name) => {
      const listener = window as unknown as { heard: number; channel: BroadcastChannel };
      listener.heard = 0;
      listener.channel = new BroadcastChannel(name);
      listener.channel.onmessage = () => (listener.heard += 1);
    }, 'dis-session-activity');
    // Twenty minutes on, the person works in the second tab; ten minutes later the first tab has been alone for
    // thirty. On its own it would have warned at 29 minutes and signed out at 30.
    await bothTabs(20 * MINUTE);
    await working.mouse.move(120, 240);
    await working.keyboard.press('Shift');
    await expect.poll(heard).toBeGreaterThan(0);
    await bothTabs(10 * MINUTE);
    expect(await dialog(page).count()).toBe(0);
    expect(page.url()).toMatch(/\/applicant\/dashboard/);
    // Idle everywhere: both tabs warn at 29 minutes after that activity; "Stay signed in" in one closes both.
    await bothTabs(19 * MINUTE + 10 * 1000);
    await expect.poll(() => dialog(page).count()).toBe(1);
    await expect.poll(() => dialog(working).count()).toBe(1);
    const before = await heard();
    await working.getByRole('button', { name: 'Stay signed in' }).click();
    await expect.poll(heard).toBeGreaterThan(before);
    await expect.poll(() => dialog(working).count()).toBe(0);
    await page.clock.runFor(2000);
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(page.url()).toMatch(/\/applicant\/dashboard/);
    await context.close();
  });

  it('signs out an active person after 4 hours as active for 4 hours', async () => {
    const { context, page } = await newPage(browser);
    await page.clock.install();
    await signIn(page, 'csg');
    await signDeclarationIfAsked(page);
    for (let elapsed = 0; elapsed < 4 * 60; elapsed += 28) {
      await page.mouse.move(100 + elapsed, 200);
      // fastForward jumps and fires due timers once, instead of every one-second tick of 28 minutes.
      await page.clock.fastForward(28 * MINUTE);
      if (page.url().includes('/signed-out')) break;
    }
    await page.waitForURL(/\/signed-out/);
    await expect.poll(() => page.locator('main').textContent()).toContain('signed in for 4 hours');
    await context.close();
  });

  it('signs out from the menu', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'application-only');
    await page.waitForURL(/\/applicant\/dashboard/);
    await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL(/\/successfully-signed-out/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/signed out/i);
    await expectAccessible(page, 'successfully signed out');
    expect(await page.evaluate(() => fetch('/oauth2/api/userinformation').then((r) => r.status))).toBe(401);
    // The identity provider's session ended too: signing in again asks who you are.
    await signIn(page, 'applicant-verified');
    await page.waitForURL(/\/applicant\/dashboard/);
    await context.close();
  });

  // Issue 29 item 13 (decision 0055): a session that ended elsewhere is named, not a bare launch page.
  it('tells a person signed out in another tab that they are no longer signed in when they carry on', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'applicant-verified');
    await page.waitForURL(/\/applicant\/dashboard/);
    const other = await context.newPage();
    await other.goto('/sign-out');
    await other.waitForURL(/\/successfully-signed-out/);
    // This tab still shows its page; the next step the person takes finds the session gone.
    await page.getByRole('banner').getByRole('link', { name: 'Personal details' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?reason=session-ended');
    await expect
      .poll(() => page.locator('.govuk-notification-banner').innerText())
      .toContain('You are no longer signed in');
    await expectAccessible(page, 'launch page: no longer signed in');
    await context.close();
  });

  it('tells a person whose form is posted after the session ended, without JavaScript', async () => {
    const { context, page } = await newPage(browser, { javaScript: false });
    await signIn(page, 'applicant-verified');
    await page.goto('/personal-details');
    await waitForHeading(page, 'Personal details');
    const other = await context.newPage();
    await other.goto('/sign-out');
    await other.getByRole('button', { name: 'Sign out' }).click();
    // The server ends the session at once; the identity provider's own page then waits for its Continue.
    await other.waitForURL((url) => url.pathname !== '/sign-out');
    await page.getByLabel('No, do not email me reminders').check();
    await page.getByRole('button', { name: 'Save reminder setting' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?reason=session-ended');
    expect(await page.locator('.govuk-notification-banner').innerText()).toContain(
      'You are no longer signed in',
    );
    await expectAccessible(page, 'launch page: no longer signed in, without JavaScript');
    await context.close();
  });

  it('says when a sign-out did not complete, and offers it again', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/signed-out?reason=sign-out-failed');
    await waitForHeading(page, 'There was a problem signing you out');
    expect(await page.getByRole('button', { name: 'Try signing out again' }).getAttribute('href')).toBe(
      '/sign-out',
    );
    await expectAccessible(page, 'sign-out failed');
    await context.close();
  });
});
