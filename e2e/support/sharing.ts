/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { callApi } from './browser';

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
