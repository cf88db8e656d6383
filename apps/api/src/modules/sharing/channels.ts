import {
  fieldErrorsFrom,
  isRecord,
  recipientContactFormSchema,
  recipientDetailsFormSchema,
  strictFieldErrors,
  WRONG_TYPE,
  type BackendCode,
  type ShareChannel,
  type ShareRoute,
} from '@dis/domain';
import type { BodyOf, ResponseOf, shareResultContract, shareThirdPartyContract } from '@dis/domain/contracts';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import type { ResultSharesTable } from '../../platform/db/schema';
import { ApiError } from '../../platform/errors';
import { invalidInput } from '../../platform/input';
import type { Caller } from '../results/service';
import type { ShareFacts, SharingDeps } from './context';
import type { ShareCallName } from './rules';
import * as store from './store';

// The share-channel registry: one entry per share call (the organisation on the application, a named recipient's
// link, a paper copy), each naming its channel (its rules are the domain's SHARE_CHANNEL_RULES) and what it does
// that the others do not. `making.ts` runs every call the same way through it; a new channel is an entry here,
// one in the domain's table, and its page.

/** What a share call has to make its share with, inside the transaction that holds the result row. */
export interface ShareCallContext<Body> {
  trx: Db;
  deps: SharingDeps;
  caller: Caller;
  facts: ShareFacts;
  route: ShareRoute;
  body: Body;
  shareId: string;
  now: Date;
}

/** The share's own columns: the rest (ids, channel, time) are the same for every call. */
export type ShareColumns = Omit<
  Insertable<ResultSharesTable>,
  'id' | 'result_id' | 'applicant_user_id' | 'channel' | 'created_at'
>;

/** A share to make (recorded, then committed, by `making.ts`). */
export interface MadeShare<Response> {
  share: ShareColumns;
  /** What the audit trail records of it beside the result, the share and the channel. */
  detail: Record<string, unknown>;
  /** More work in the same transaction once the share is recorded and audited. */
  alsoInTransaction?: () => Promise<void>;
  /** Once committed: anything sent after the commit, and the caller's answer. */
  answer: () => Promise<Response>;
}

export interface ShareCall<Body, Response> {
  channel: ShareChannel;
  /** Tells this call's refusals apart in the audit trail. */
  refusalDetail: Record<string, unknown>;
  /** A refusal of this call before the common rules. */
  refusalFirst?: (facts: ShareFacts) => BackendCode | null;
  /** The share to record, or why its body is not valid. */
  make: (context: ShareCallContext<Body>) => Promise<{ invalid: ApiError } | MadeShare<Response>>;
}

type Shared = ResponseOf<typeof shareResultContract>;

/** The bodies of the share calls. */
export interface ShareCallBodies {
  digital: BodyOf<typeof shareResultContract>;
  thirdparty: Record<string, unknown>;
  paper: undefined;
}

/** The answers of the share calls. */
export interface ShareCallResponses {
  digital: Shared;
  thirdparty: ResponseOf<typeof shareThirdPartyContract>;
  paper: Shared;
}

export type ShareCalls = {
  [Name in ShareCallName]: ShareCall<ShareCallBodies[Name], ShareCallResponses[Name]>;
};

const shared = (shareId: string, now: Date) => async (): Promise<Shared> => ({
  shareId,
  sharedOn: now.toISOString(),
});

/** A body's structural problems (not an object, unknown fields, wrong types), or null when there are none. */
function strictFieldErrorsOf(schema: z.ZodType, body: unknown): Record<string, string> | null {
  if (!isRecord(body)) return { '': WRONG_TYPE };
  const errors = strictFieldErrors(schema, body);
  return Object.keys(errors).length > 0 ? errors : null;
}

type Recipient = Partial<z.output<typeof recipientDetailsFormSchema>> & { recipientEmail: string };

/** The named recipient's details from the form the result needs (the simple one for a basic result). */
function recipientOf(basic: boolean, body: Record<string, unknown>): { invalid: ApiError } | Recipient {
  const schema = basic ? recipientContactFormSchema : recipientDetailsFormSchema;
  const strict = strictFieldErrorsOf(schema, body);
  if (strict) return { invalid: invalidInput(strict) };
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { invalid: invalidInput(fieldErrorsFrom(parsed.error)) };
  const recipient: Partial<z.output<typeof recipientDetailsFormSchema>> = parsed.data;
  return { ...recipient, recipientEmail: recipient.recipientEmail! };
}

export const SHARE_CALLS: ShareCalls = {
  /** The direct and consent routes: the organisation on the application reads the result in its account. */
  digital: {
    channel: 'DIGITAL',
    refusalDetail: {},
    async make({ route, body, shareId, now }) {
      if (route === 'consent' && body.confirmShare !== true)
        return {
          invalid: new ApiError(400, 'VALIDATION_FAILED', 'There is a problem with the details you sent', {
            confirmShare: 'Confirm that you want to share your scheme membership',
          }),
        };
      return {
        // Direct and consent shares go to the organisation on the application.
        share: { route, recipient: 'ORGANISATION' },
        detail: { route },
        answer: shared(shareId, now),
      };
    },
  },

  /**
   * A named recipient's link: the recipient-details route with the full form, or a basic result with the simple
   * one (the recipient's email and phone: the link asks for a code sent to that phone). The link is made in the
   * same transaction and emailed once it commits.
   */
  thirdparty: {
    channel: 'DIGITAL',
    refusalDetail: { call: 'thirdparty' },
    async make({ trx, deps, caller, facts, route, body, shareId, now }) {
      const basic = facts.type === 'BD';
      const recipient = recipientOf(basic, body);
      if ('invalid' in recipient) return { invalid: recipient.invalid };
      const email = recipient.recipientEmail;
      const shareRoute = basic ? 'basic-link' : route;
      let link: { token: string; expiresAt: Date } | undefined;
      let messageId: string | null = null;
      return {
        share: {
          route: shareRoute,
          // Who the recipient is, as the applicant's list shows it (the name, or the email of the simple form);
          // the rest of their details beside it.
          recipient: recipient.recipientName ?? email,
          recipient_email: email,
          recipient_phone: recipient.recipientPhoneNumber ?? null,
          recipient_name: recipient.recipientName ?? null,
          recipient_position: recipient.recipientPositionAppliedFor ?? null,
          recipient_address: recipient.recipientAddress ? JSON.stringify(recipient.recipientAddress) : null,
          applicant_email: recipient.applicantEmail ?? null,
        },
        detail: { route: shareRoute },
        // The recipient's link, and its email, commit with the share.
        alsoInTransaction: async () => {
          link = await deps.links.issue(trx, { shareId, basic, sharedAt: now });
          messageId = await deps.links.writeEmail(trx, caller, {
            shareId,
            resultId: facts.resultId,
            token: link.token,
            expiresAt: link.expiresAt,
            basic,
            email,
          });
        },
        answer: async () => {
          await deps.links.sendWritten([messageId]);
          return { shareId, sharedOn: now.toISOString(), linkExpiresAt: link!.expiresAt.toISOString() };
        },
      };
    },
  },

  /** One paper copy: a print request for casework to print and post to the applicant. */
  paper: {
    channel: 'PAPER',
    refusalDetail: { channel: 'PAPER' },
    refusalFirst: (facts) => (facts.sharedPaperResult ? 'PAPER_SHARE_ALREADY_USED' : null),
    async make({ trx, caller, facts, shareId, now }) {
      return {
        share: { route: 'paper', recipient: 'APPLICANT_BY_POST' },
        detail: {},
        alsoInTransaction: async () => {
          await store.insertPrintRequest(trx, {
            share_id: shareId,
            result_id: facts.resultId,
            requested_at: now,
            status: 'REQUESTED',
          });
          await writeAudit(trx, {
            event: 'print_request.created',
            outcome: 'success',
            userId: caller.userId,
            requestId: caller.requestId,
            detail: { resultId: facts.resultId, shareId },
          });
        },
        answer: shared(shareId, now),
      };
    },
  },
};
