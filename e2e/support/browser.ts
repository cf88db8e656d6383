/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

let ownServer: string | undefined;

/**
 * Points this spec file's pages (newPage, and every helper that opens one) at a server the spec started itself
 * with startServer, instead of the shared one; undefined points them back. Module state is per spec file, as
 * vitest gives each file its own modules.
 */
export function useServer(url: string | undefined): void {
  ownServer = url;
}

export const baseUrl = (): string => ownServer ?? inject('baseUrl');

/**
 * The work this spec file gives the browser, counted for the suite's figures (docs/architecture.md, Tests): browser
 * contexts opened, documents loaded, accessibility checks run. With E2E_WORK_LOG naming a file, each check also
 * records its label and a hash of the document as checked (scripts' contents aside), so a check of a page exactly
 * as already checked shows, and `support/work-log.ts` appends the whole to that file after the spec file's tests.
 */
export const work = {
  contexts: 0,
  documents: 0,
  axeChecks: 0,
  checks: [] as { label: string; document: string }[],
};

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // The display compositor in the browser process: with no GPU there is nothing for a GPU process to do but pass
  // frames along (a file's Chromium CPU time 92 s → 84 s).
  '--in-process-gpu',
  // Chromium reads only the last --disable-features, so this one carries Playwright's own list and adds the omnibox
  // pop-ups: headless Chromium 156 preloads two WebUI pages per window (a renderer of their own), and every browser
  // context is a window. They were an eighth of a results spec file's CPU time.
  `--disable-features=${[
    ...playwrightDisabledFeatures(),
    'WebUIOmniboxPopup',
    'WebUIOmniboxAimPopup',
    'WebUIOmniboxFullPopup',
  ].join(',')}`,
];

/**
 * The features Playwright turns off in Chromium (some for its own interception to work), read from the installed
 * playwright-core, which does not export them: a flag of ours would otherwise replace them, and a copy of the list
 * would drift when playwright-core is upgraded. Fails loudly if the package's layout changes.
 */
function playwrightDisabledFeatures(): string[] {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = readFileSync(path.join(packageDir, 'lib', 'coreBundle.js'), 'utf8');
  const list = /chromiumSwitches\.ts"\(\) \{[^]*?disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  const features = [...(list ?? '').matchAll(/^\s*"(\w+)",?$/gm)].map((match) => match[1]!);
  if (features.length < 5)
    throw new Error(
      'Could not read the features Playwright disables from playwright-core/lib/coreBundle.js (chromiumSwitches): ' +
        'update playwrightDisabledFeatures in e2e/support/browser.ts for this version of playwright-core.',
    );
  return features;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

declare global {
  interface Window {
    /** Content-Security-Policy violations this document raised (recorded by newPage's init script). */
    __cspViolations?: string[];
  }
}

/**
 * React's own errors seen by any page of this spec file since the last test ended: a server render the browser
 * could not take over as it was (a hydration mismatch, React's error 418 and its kin) or an error React reported.
 * `support/react-errors.ts` fails the test in which one happens.
 */
export const reactErrors: string[] = [];
const REACT_ERROR = /react\.dev\/errors|Minified React error|hydrat/i;

function watchForReactErrors(page: Page): void {
  page.on('pageerror', (error) => {
    if (REACT_ERROR.test(`${error.message}\n${error.stack ?? ''}`))
      reactErrors.push(`${page.url()}: ${error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && REACT_ERROR.test(message.text()))
      reactErrors.push(`${page.url()}: ${message.text()}`);
  });
}

/**
 * A page the server rendered works at once, but its script takes it over a moment later (hydration): a test that
 * types or ticks in that moment races it. So with script on, every navigation a test makes (`goto`, `reload`,
 * `waitForURL`) also waits until the page is taken over (`data-hydrated` on the document, set by the web app), or
 * is not one the web app takes over (a page sent without script has no `#page-state`, nor have the stand-ins',
 * and the copy `expectAccessible` checks of a page without script has no module script).
 */
function waitForHydration(page: Page): void {
  const hydrated = async () => {
    await page.waitForFunction(
      () =>
        document.documentElement.dataset.hydrated === 'true' ||
        !document.getElementById('page-state') ||
        !document.querySelector('script[type="module"]'),
    );
  };
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
  const waitForURL = page.waitForURL.bind(page);
  page.waitForURL = async (...args: Parameters<Page['waitForURL']>) => {
    await waitForURL(...args);
    await hydrated();
  };
}

/**
 * A fresh person: their own cookies and storage. Every document records its policy violations. With
 * `{ javaScript: false }` the browser runs no script at all (the service's pages must work without it).
 */
export async function newPage(
  browser: Browser,
  options: { javaScript?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    javaScriptEnabled: options.javaScript !== false,
  });
  work.contexts++;
  context.on('page', watchForReactErrors);
  context.on('page', (page) => page.on('load', () => work.documents++));
  if (options.javaScript === false) withoutScript.add(context);
  else context.on('page', waitForHydration);
  // Waits are for conditions; this only bounds how long a wait may take on a loaded machine before it fails.
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(60_000);
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        window.__cspViolations?.push(
          `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
        );
      },
      true,
    );
  });
  const page = await context.newPage();
  return { context, page };
}

/** Fails when the page has raised a securitypolicyviolation (zod's eval probe, an inline style or script). */
export async function expectNoPolicyViolations(page: Page, label = page.url()): Promise<void> {
  const violations = await page.evaluate(() => window.__cspViolations ?? []);
  expect(violations, `Content-Security-Policy violations on ${label}`).toEqual([]);
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type AxeResults = Pick<axe.AxeResults, 'violations' | 'passes' | 'incomplete' | 'inapplicable'>;

/**
 * axe-core's full run on the page as it stands, in the page itself. axe is put into a document once (a page the
 * web app redraws keeps it) and the run reports node detail for violations only. @axe-core/playwright, used when
 * the page has frames, evaluates the 600 KB library two or three times per check and opens a blank page to merge
 * the frames' results: about three quarters of a check's time on this service's frameless pages.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const { violations, passes, incomplete, inapplicable } = await inPage.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    // Only what the check reads crosses back: the violations in full, the other rules by id.
    const ids = (rules: axe.Result[]) => rules.map(({ id }) => ({ id }));
    return { violations, passes: ids(passes), incomplete: ids(incomplete), inapplicable: ids(inapplicable) };
  }, WCAG_TAGS) as Promise<AxeResults>;
}

/** WCAG 1.4.10 Reflow: content fits 320 CSS pixels wide (1280 px at 400% zoom) without scrolling sideways. */
export const REFLOW_VIEWPORT = { width: 320, height: 640 };

/**
 * Whether the page as it stands scrolls sideways at 320 CSS px: the viewport is narrowed, the check waits for
 * the next two frames (layout done, no fixed sleep), and the viewport is put back, so the page keeps its state
 * (form values, focus, an open dialog). Returns the widest elements when it does not fit.
 */
export async function reflowProblems(page: Page): Promise<string[]> {
  const before = page.viewportSize();
  await page.setViewportSize(REFLOW_VIEWPORT);
  try {
    return await page.evaluate((limit) => {
      /** Whether an ancestor scrolls (or clips) sideways: a wide table in its own region is reached by scrolling it. */
      const inScroller = (el: Element): boolean => {
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
          if (getComputedStyle(up).overflowX !== 'visible') return true;
        }
        return false;
      };
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`;
      return new Promise<string[]>((resolve) => {
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const problems: string[] = [];
            const width = document.documentElement.scrollWidth;
            if (width > limit) problems.push(`scrollWidth ${width} > ${limit}`);
            // Content past the right edge that the page cannot scroll to is lost too, so each element is measured.
            for (const el of document.body.querySelectorAll('*')) {
              const box = el.getBoundingClientRect();
              if (box.width <= 1 || box.right <= limit + 0.5 || inScroller(el)) continue;
              problems.push(`${name(el)} ends at ${Math.round(box.right)} px`);
              if (problems.length >= 6) break;
            }
            resolve(problems);
          }),
        );
      });
    }, REFLOW_VIEWPORT.width);
  } finally {
    if (before) await page.setViewportSize(before);
  }
}

/**
 * Runs axe with the WCAG 2.2 AA rule set on the page as it stands and fails on any violation; the set
 * includes `target-size` (2.5.8, 24 by 24 CSS px targets, with the criterion's spacing and inline
 * exceptions), which is checked to have run. Then the 320 px reflow check (1.4.10).
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  // Without script the page cannot run axe (its timers never fire): its document is checked in a page that can.
  if (!(await scriptRuns(page))) return expectAccessibleWithoutScript(page, label);
  const results = await runAxe(page);
  work.axeChecks++;
  if (process.env.E2E_WORK_LOG) {
    const html = await page.evaluate(() => {
      const copy = document.documentElement.cloneNode(true) as HTMLElement;
      for (const script of copy.querySelectorAll('script')) script.textContent = '';
      return `${location.pathname}${location.search}\n${copy.outerHTML}`;
    });
    work.checks.push({ label, document: createHash('sha256').update(html).digest('hex').slice(0, 12) });
  }
  const violations = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(violations, `axe on ${label}`).toEqual([]);
  const ran = [results.passes, results.incomplete, results.inapplicable].flat().map((rule) => rule.id);
  expect(ran, `axe target-size ran on ${label}`).toContain('target-size');
  // The local stand-ins (/local/*) play outside services (identity provider, card payments, casework), not
  // pages of this service: axe and target-size run on them, the reflow check only on the service's own pages.
  if (new URL(page.url()).pathname.startsWith('/local/')) return;
  expect(await reflowProblems(page), `320 px reflow on ${label}`).toEqual([]);
  await expectNoPolicyViolations(page, label);
}

/**
 * For the local stand-ins (card payments, casework: outside services played on this machine, not pages of this
 * service): axe the first time a spec file shows each of them, not on every set-up that passes through again.
 */
const standInsChecked = new Set<string>();
export async function expectStandInAccessible(page: Page, label: string): Promise<void> {
  if (standInsChecked.has(label)) return;
  await expectAccessible(page, label);
  standInsChecked.add(label);
}

/** Signs in through the local identity provider by choosing a persona, as a person would. */
export async function signIn(page: Page, persona: string, start = '/'): Promise<void> {
  await page.goto(start);
  if (start === '/' || !start.startsWith('/oauth2')) {
    await page
      .getByRole('button', { name: /continue to your identity account/i })
      .or(page.getByRole('link', { name: /continue to your identity account/i }))
      .first()
      .click();
  }
  await page.waitForURL(/\/local\/idp\/interaction\//);
  await page.getByRole('button', { name: new RegExp(`Sign in as ${persona}$`) }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/local/') && !url.pathname.startsWith('/oauth2/'));
}

/** The launch page's start button (a link styled, and announced, as a button). */
export const launchButton = (page: Page) =>
  page.getByRole('button', { name: /continue to your identity account/i });

/** Countersignatories must sign the declaration once a day before their dashboard. */
export async function signDeclaration(page: Page): Promise<void> {
  await page.waitForURL(/\/declaration/);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /continue|confirm/i }).click();
  await page.waitForURL((url) => url.pathname !== '/declaration');
}

/** Signs today's declaration when the service asks for it (a persona may have signed it earlier today). */
export async function signDeclarationIfAsked(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname !== '/dashboard');
  if (new URL(page.url()).pathname === '/declaration') await signDeclaration(page);
}

/** A surname nobody else in the run has. */
export const newFamilyName = (): string =>
  `Tester${Math.random()
    .toString(36)
    .slice(2, 8)
    .replace(/[^a-z]/g, 'x')}`;

/** Signs in as a made-up person of our own, so a test starts from a user nobody else has touched. */
export async function signInAsNewPerson(
  page: Page,
  person: { role: string; organisation?: 'A' | 'B'; assuranceLevel?: string },
): Promise<string> {
  const familyName = newFamilyName();
  await page.goto('/');
  await launchButton(page).click();
  await page.waitForURL(/\/local\/idp\/interaction\//);
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill(familyName);
  await page.getByLabel('Date of birth').fill('1988-05-17');
  await page.getByLabel('Role').selectOption(person.role);
  await page.getByLabel('Identity assurance level').selectOption(person.assuranceLevel ?? 'DS_VERIFIED');
  if (person.organisation) await page.getByLabel(/Organisation/).selectOption(person.organisation);
  await page.getByRole('button', { name: 'Sign in as custom persona' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/local/') && !url.pathname.startsWith('/oauth2/'));
  return familyName;
}

/** A made-up person as the local identity provider's custom persona form takes them. */
export interface CustomPersona {
  givenName: string;
  familyName: string;
  /** YYYY-MM-DD */
  birthdate: string;
  role: string;
  assuranceLevel?: string;
  organisation?: 'A' | 'B';
}

/**
 * Sign-in for set-up, where the sign-in pages are not what a test proves (the personas, shell, session and
 * keyboard specs walk them): the same OpenID Connect round trip the browser makes (the service's sign-in start,
 * the local identity provider's custom persona form, the callback) as HTTP requests in the page's browser context,
 * whose cookies they share, so no page is drawn. `start` is the sign-in start the launch page links to (with a
 * hand-over link's identifiers). Returns the path the service sends the person to after sign-in; the page itself
 * stays where it was.
 */
export async function signInByRequest(
  page: Page,
  person: CustomPersona,
  start = '/oauth2/authorization/dis',
): Promise<string> {
  return signInThroughProvider(
    page,
    { assuranceLevel: 'DS_VERIFIED', organisation: '', ...person },
    start,
    person.role,
  );
}

/** `signInByRequest` as one of the identity provider's own personas (`csg`, `lead-csg`, …): its button's form. */
export async function signInPersonaByRequest(page: Page, persona: string): Promise<string> {
  return signInThroughProvider(page, { persona }, '/oauth2/authorization/dis', persona);
}

/** The sign-in round trip of `signInByRequest`, posting `form` to the identity provider's sign-in page. */
async function signInThroughProvider(
  page: Page,
  form: Record<string, string>,
  start: string,
  who: string,
): Promise<string> {
  const provider = await page.request.get(start);
  const interaction = new URL(provider.url());
  if (!provider.ok() || !/^\/local\/idp\/interaction\/[^/]+$/.test(interaction.pathname))
    throw new Error(`Sign-in from ${start} reached ${interaction.pathname} (${provider.status()})`);
  const signedIn = await page.request.post(`${interaction.pathname}/login`, {
    form,
    headers: { origin: baseUrl() },
  });
  const landed = new URL(signedIn.url());
  if (!signedIn.ok() || /^\/(local|oauth2)\//.test(landed.pathname))
    throw new Error(`Sign-in as ${who} ended at ${landed.pathname} (${signedIn.status()})`);
  return `${landed.pathname}${landed.search}`;
}

/** The labels of the radios on the page, in order. */
export async function radioLabels(page: Page): Promise<string[]> {
  return (await page.locator('.govuk-radios__label').allInnerTexts()).map((text) => text.trim());
}

/** A state-changing call as the web app makes it (JSON, our header, our origin), with the page's cookies. */
export async function callApi<T = unknown>(
  page: Page,
  method: 'POST' | 'PUT' | 'GET',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      origin: baseUrl(),
    },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** Contexts made with `javaScript: false`: their pages run no script. */
const withoutScript = new WeakSet<BrowserContext>();

/** Whether the page runs script (a context made with `javaScript: false` does not). */
async function scriptRuns(page: Page): Promise<boolean> {
  return !withoutScript.has(page.context());
}

const auditPages = new WeakMap<Browser, Page>();

/**
 * The checks of `expectAccessible` on a page that runs no script: its document as it stands (the server's HTML,
 * its styles from the server) is written into a page of its own that can run axe, without the app's script, and
 * checked there, reflow included. The copy is written into a document of the page's own origin and given the
 * page's address, so its styles, fonts and images load as the page's did (from the browser's cache after the first
 * time; serving the copy through request interception turned the cache off for every check).
 */
async function expectAccessibleWithoutScript(page: Page, label: string): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error('The page has no browser');
  let audit = auditPages.get(browser);
  if (!audit || audit.isClosed()) {
    audit = (await newPage(browser)).page;
    auditPages.set(browser, audit);
  }
  const url = page.url();
  const html = (await page.content()).replace(/<script type="module"[^>]*><\/script>/g, '');
  const origin = new URL(url).origin;
  if (new URL(audit.url(), origin).origin !== origin) await audit.goto(`${origin}/healthz`);
  await audit.setContent(html);
  await audit.evaluate((address) => history.replaceState(null, '', address), url);
  await audit.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
  await expectAccessible(audit, `${label} (without JavaScript)`);
}
