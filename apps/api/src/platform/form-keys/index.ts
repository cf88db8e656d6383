import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { completeClaim, deleteClaim, deleteClaimsBefore, findClaim, insertClaim } from './store';

/**
 * One-time form keys (decision 0076): every page rendered on the server gives its forms a new random key beside the
 * form token (`_formKey`), and a form posted without JavaScript claims its key before its action runs. A second
 * post of the same form (the button pressed twice on a slow connection: the browser drops the first request and
 * sends the second at once) finds the first's claim and is answered with the first's outcome, never run again.
 *
 * A claim is one row per browser and key (the browser's form token, the key and the page's route, hashed
 * together), so it holds across instances and is nothing to anyone without the browser's cookie and the page. The
 * first post's redirect is kept sealed (AES-256-GCM) under a key made from the same two secrets.
 */

/** The form field that carries the key, beside the form token `_csrf`. */
export const FORM_KEY_FIELD = '_formKey';
/** 128 random bits, base64url (22 characters). */
const FORM_KEY_BYTES = 16;
const FORM_KEY_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** How long a repeated post waits for the first to finish before it is told it could not be answered. */
export const FORM_KEY_WAIT_MS = 15_000;
/** How often a waiting repeat looks at the claim again. */
export const FORM_KEY_POLL_MS = 100;
/**
 * A claim still without an outcome this long after it was made will never have one (its instance stopped while
 * the action ran): a repeat is answered at once that it cannot be, rather than after the wait.
 */
export const FORM_KEY_ABANDONED_MS = 2 * 60 * 1000;
/** How long a claim is kept: far beyond any repeat of a post, within a day. */
export const FORM_CLAIMS_KEPT_MS = 24 * 60 * 60 * 1000;
/** How often the claims older than that are deleted (the `form-keys.purge` job). */
export const FORM_CLAIMS_PURGE_INTERVAL_MS = 15 * 60 * 1000;
export const FORM_CLAIMS_PURGE_JOB = 'form-keys.purge';

/** A new form key for one page render. */
export function newFormKey(): string {
  return randomBytes(FORM_KEY_BYTES).toString('base64url');
}

/** Whether a posted value is a form key (any other value is treated as no key). */
export function isFormKey(value: unknown): value is string {
  return typeof value === 'string' && FORM_KEY_SHAPE.test(value);
}

/** What a form post carrying a key is to do. */
export type FormPostTurn =
  /** The first post of the key: run the action, then record its redirect, or release the claim if it saved nothing. */
  | { kind: 'run'; completed(redirect: string): Promise<void>; released(): Promise<void> }
  /** A repeat of a post that has finished: answer with its redirect. */
  | { kind: 'repeat'; redirect: string }
  /** A repeat of a post that has not finished within the wait (or never will): the action must not run. */
  | { kind: 'unfinished' };

export interface FormKeys {
  /** Claims the post of `key` to `route` from the browser whose form token is `browserToken`. */
  claim(browserToken: string, key: string, route: string): Promise<FormPostTurn>;
  /** Deletes the claims older than they are kept; how many. */
  purge(): Promise<number>;
}

function digest(purpose: string, ...parts: string[]): Buffer {
  const hash = createHash('sha256').update(purpose);
  for (const part of parts) hash.update('\0').update(part);
  return hash.digest();
}

function seal(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function open(key: Buffer, sealed: string): string | undefined {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

export interface FormKeysOptions {
  db: Db;
  clock: Clock;
  /** The wait for an unfinished first post (tests shorten it). */
  waitMs?: number;
  pollMs?: number;
}

export function createFormKeys({
  db,
  clock,
  waitMs = FORM_KEY_WAIT_MS,
  pollMs = FORM_KEY_POLL_MS,
}: FormKeysOptions): FormKeys {
  return {
    async claim(browserToken, key, route) {
      const claimHash = digest('form-post-claim', browserToken, key, route).toString('hex');
      const sealingKey = digest('form-post-outcome', browserToken, key);
      const run: FormPostTurn = {
        kind: 'run',
        completed: (redirect) => completeClaim(db, claimHash, seal(sealingKey, redirect), clock.now()),
        released: () => deleteClaim(db, claimHash),
      };
      // The wait is real time (the first post's request runs in real time, whatever the service clock says).
      const giveUpAt = Date.now() + waitMs;
      for (;;) {
        const now = clock.now();
        if (await insertClaim(db, claimHash, route, now)) return run;
        const found = await findClaim(db, claimHash);
        // Released between the two statements: claim it again.
        if (!found) continue;
        if (found.outcome !== null) {
          const redirect = open(sealingKey, found.outcome);
          return redirect === undefined ? { kind: 'unfinished' } : { kind: 'repeat', redirect };
        }
        if (now.getTime() - found.claimed_at.getTime() > FORM_KEY_ABANDONED_MS || Date.now() >= giveUpAt)
          return { kind: 'unfinished' };
        await sleep(pollMs);
      }
    },
    purge: () => deleteClaimsBefore(db, new Date(clock.now().getTime() - FORM_CLAIMS_KEPT_MS)),
  };
}
