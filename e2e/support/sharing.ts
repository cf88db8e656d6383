/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { callApi } from './browser';
import { waitForHeading } from './organisation';

// Sharing set-up shared by the sharing specs: the local outbox's messages and the 6-digit code of the newest text.

export interface OutboxEntry {
  kind: string;
  to: string;
  body: string;
}

/** Every message of the local Notify outbox, newest first. */
export const outboxEntries = (page: Page) => callApi<OutboxEntry[]>(page, 'GET', '/local/notify/messages');

/** The 6-digit code of the newest text message (waits for it to arrive). */
export async function smsCode(page: Page): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        code =
          /\b(\d{6})\b/.exec((await outboxEntries(page)).find((m) => m.kind === 'sms')?.body ?? '')?.[1] ??
          '';
        return code;
      },
      { timeout: 60_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * From the result page: "Share your result", then the security code sent by text (read from the outbox), landing on
 * the share page of the result's route.
 */
export async function startSharingWithCode(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Share your result' }).click();
  await waitForHeading(page, 'We need to check it is you');
  await page.getByRole('button', { name: 'Send security code' }).click();
  await waitForHeading(page, 'Check your phone');
  await page.getByLabel('Security code').fill(await smsCode(page));
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** On "Share your result": answers whether to share digitally and continues. */
export async function chooseDigitalShare(page: Page, digitally: boolean): Promise<void> {
  await waitForHeading(page, 'Share your result');
  await page
    .getByRole('group', { name: 'Do you want to share your result digitally?' })
    .getByLabel(digitally ? 'Yes' : 'No')
    .check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The applicant proves it is them through the API (set-up where the one-time code pages are not under test). */
export async function stepUpByApi(page: Page): Promise<void> {
  await callApi(page, 'POST', '/oauth2/api/otc/request', {});
  const code = await smsCode(page);
  const { validationStatus } = await callApi<{ validationStatus: string }>(
    page,
    'POST',
    '/oauth2/api/otc/verify',
    { oneTimeCode: code },
  );
  expect(validationStatus).toBe('VALID');
}
