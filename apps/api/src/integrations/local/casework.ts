import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  APPEAL_OUTCOMES,
  delayReasonContract,
  issueResultBodySchema,
  REVIEW_DECISIONS,
  type AppealOutcome,
  type CaseworkApplication,
  type PrintRequest,
  type ResultPreset,
  type ReviewDecision,
} from '@dis/domain/contracts';
import { ApiError } from '../../platform/errors';
import {
  detailPage,
  detailPath,
  DONE_MESSAGES,
  listPage,
  LOCAL_CASEWORK_PATH,
  type FieldErrors,
  type Notice,
} from './casework-pages';
import { formField as field } from './page-parts';

export { LOCAL_CASEWORK_PATH } from './casework-pages';

/**
 * Local stand-in for the disclosure body's case-management system, at /local/casework: the applications that
 * have been sent, newest first, the paper copies applicants asked for (to mark printed and sent), and for each a page to issue its result from a preset, give a reason for a
 * delay, record an appeal outcome or a review decision, or terminate it. The page is a client of the casework
 * service (the same one behind /internal/casework/*), handed in by the app; it holds no rules. Local only. Its
 * HTML is in casework-pages.ts.
 */

/** What this page needs from casework: the casework API's operations. */
export interface CaseworkPort {
  applications(): Promise<CaseworkApplication[]>;
  application(reference: string, caller: PageCaller): Promise<CaseworkApplication>;
  issueResult(
    reference: string,
    body: { preset: ResultPreset; scheduledPendingReleaseDate?: string | undefined },
    caller: PageCaller,
  ): Promise<unknown>;
  terminate(reference: string, caller: PageCaller): Promise<{ reference: string }>;
  addDelayReason(reference: string, reason: string, caller: PageCaller): Promise<unknown>;
  recordReviewDecision(resultId: string, decision: ReviewDecision, caller: PageCaller): Promise<unknown>;
  recordAppealOutcome(resultId: string, outcome: AppealOutcome, caller: PageCaller): Promise<unknown>;
}
/** What this page needs for paper copies: the casework API's print-request operations. */
export interface PrintingPort {
  printRequests(): Promise<PrintRequest[]>;
  markPrintRequestSent(id: string, caller: PageCaller): Promise<PrintRequest>;
}
interface PageCaller {
  requestId: string;
  source: string;
}

const REFERENCE = /^[A-Z0-9-]{1,40}$/;
const PRINT_REQUEST_ID = /^[0-9a-f-]{36}$/i;

/** The scheduled pending release date of the form's three boxes: undefined when all are empty. */
function releaseDateOf(body: unknown): string | undefined {
  const [day, month, year] = ['releaseDay', 'releaseMonth', 'releaseYear'].map(
    (name) => field(body, name)?.trim() ?? '',
  ) as [string, string, string];
  if (!day && !month && !year) return undefined;
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return 'invalid';
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

interface PageOptions {
  casework: CaseworkPort;
  printing: PrintingPort;
  serviceName: string;
}

const caller = (requestId: string): PageCaller => ({ requestId, source: 'local-casework' });

const invalid = (fieldErrors: FieldErrors) =>
  new ApiError(400, 'VALIDATION_FAILED', 'There is a problem with the details you sent', fieldErrors);

/** The form's answer to a question of fixed choices (one of `choices`), or a refusal with `message` at the field. */
function choiceOf<T extends string>(body: unknown, name: string, choices: readonly T[], message: string): T {
  const value = field(body, name);
  if (!(choices as readonly (string | undefined)[]).includes(value)) throw invalid({ [name]: message });
  return value as T;
}

/** The list page (optionally with a notice). */
async function renderList(
  { casework, printing, serviceName }: PageOptions,
  notice: Notice = {},
): Promise<string> {
  return listPage(serviceName, await casework.applications(), await printing.printRequests(), notice);
}

/** The list with a refusal's error summary, answered with the refusal's status; any other error propagates. */
async function listWithRefusal(
  options: PageOptions,
  reply: FastifyReply,
  caught: unknown,
): Promise<FastifyReply> {
  if (!(caught instanceof ApiError)) throw caught;
  return reply
    .status(caught.status)
    .type('text/html')
    .send(await renderList(options, { error: caught.message }));
}

/** Runs an action posted from the list: a redirect on success, the list with its error summary on a refusal. */
async function listAction(
  options: PageOptions,
  reply: FastifyReply,
  run: () => Promise<string>,
): Promise<FastifyReply> {
  try {
    return reply.redirect(await run(), 303);
  } catch (caught) {
    return listWithRefusal(options, reply, caught);
  }
}

/** The list of sent applications and paper copies, and the two actions posted from it. */
function listRoutes(app: FastifyInstance, options: PageOptions): void {
  app.get(LOCAL_CASEWORK_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const query = request.query as { terminated?: unknown; printed?: unknown } | undefined;
    const { terminated, printed } = query ?? {};
    return reply.type('text/html').send(
      await renderList(options, {
        ...(typeof terminated === 'string' && REFERENCE.test(terminated) ? { terminated } : {}),
        ...(typeof printed === 'string' && REFERENCE.test(printed) ? { printed } : {}),
      }),
    );
  });

  app.post<{ Params: { id: string } }>(
    `${LOCAL_CASEWORK_PATH}/print-requests/:id/sent`,
    { config: { access: 'public', formPost: true } },
    async (request, reply) =>
      listAction(options, reply, async () => {
        if (!PRINT_REQUEST_ID.test(request.params.id))
          throw new ApiError(404, 'NOT_FOUND', 'Print request not found');
        const done = await options.printing.markPrintRequestSent(request.params.id, caller(request.id));
        return `${LOCAL_CASEWORK_PATH}?printed=${encodeURIComponent(done.applicationReference)}`;
      }),
  );

  app.post(
    `${LOCAL_CASEWORK_PATH}/terminate`,
    { config: { access: 'public', formPost: true } },
    async (request, reply) =>
      listAction(options, reply, async () => {
        const reference = field(request.body, 'reference');
        if (reference === undefined || !REFERENCE.test(reference))
          throw new ApiError(400, 'VALIDATION_FAILED', 'Choose an application to terminate');
        const done = await options.casework.terminate(reference, caller(request.id));
        return `${LOCAL_CASEWORK_PATH}?terminated=${encodeURIComponent(done.reference)}`;
      }),
  );
}

/** One application's page, and the casework actions posted from it. */
function applicationRoutes(app: FastifyInstance, options: PageOptions): void {
  const { casework, serviceName } = options;

  /** The application's page, or the list with an error summary when the reference is unknown. */
  async function showApplication(reply: FastifyReply, requestId: string, reference: string, notice: Notice) {
    try {
      const application = await casework.application(reference, caller(requestId));
      return reply.type('text/html').send(detailPage(serviceName, application, notice));
    } catch (caught) {
      return listWithRefusal(options, reply, caught);
    }
  }

  app.get<{ Params: { reference: string }; Querystring: { done?: string } }>(
    `${LOCAL_CASEWORK_PATH}/applications/:reference`,
    { config: { access: 'public' } },
    async (request, reply) => {
      const { reference } = request.params;
      const done = request.query.done;
      return showApplication(reply, request.id, REFERENCE.test(reference) ? reference : 'unknown', {
        ...(done && Object.hasOwn(DONE_MESSAGES, done) ? { done } : {}),
      });
    },
  );

  /** Runs one casework action from a form; on a refusal the page comes back with its error summary. */
  function action(
    path: string,
    done: string,
    run: (reference: string, body: unknown, requestId: string) => Promise<unknown>,
  ) {
    app.post<{ Params: { reference: string } }>(
      `${LOCAL_CASEWORK_PATH}/applications/:reference/${path}`,
      { config: { access: 'public', formPost: true } },
      async (request, reply) => {
        const reference = REFERENCE.test(request.params.reference) ? request.params.reference : 'unknown';
        try {
          await run(reference, request.body, request.id);
          return reply.redirect(`${detailPath(reference)}?done=${done}`, 303);
        } catch (caught) {
          if (!(caught instanceof ApiError)) throw caught;
          reply.status(caught.status);
          return showApplication(reply, request.id, reference, {
            error: caught.message,
            ...(caught.fieldErrors ? { fieldErrors: caught.fieldErrors } : {}),
          });
        }
      },
    );
  }

  action('result', 'issued', async (reference, body, requestId) => {
    // The same schema as the casework API's body.
    const parsed = issueResultBodySchema.safeParse({
      preset: field(body, 'preset'),
      scheduledPendingReleaseDate: releaseDateOf(body),
    });
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      throw invalid(fieldErrors);
    }
    await casework.issueResult(reference, parsed.data, caller(requestId));
  });

  action('delay-reason', 'delay', async (reference, body, requestId) => {
    const parsed = delayReasonContract.body.safeParse({ reason: field(body, 'reason') });
    if (!parsed.success) throw invalid({ reason: parsed.error.issues[0]?.message ?? 'Enter a reason' });
    await casework.addDelayReason(reference, parsed.data.reason, caller(requestId));
  });

  /** The result of the page's application (never one named by the form). */
  async function resultIdOf(reference: string, requestId: string, field: string): Promise<string> {
    const application = await casework.application(reference, caller(requestId));
    if (!application.result) throw invalid({ [field]: 'This application has no result' });
    return application.result.resultId;
  }

  action('appeal-outcome', 'appeal', async (reference, body, requestId) => {
    const outcome = choiceOf(body, 'outcome', APPEAL_OUTCOMES, 'Select the appeal outcome');
    const resultId = await resultIdOf(reference, requestId, 'outcome');
    await casework.recordAppealOutcome(resultId, outcome, caller(requestId));
  });

  action('review-decision', 'review', async (reference, body, requestId) => {
    const decision = choiceOf(body, 'decision', REVIEW_DECISIONS, 'Select the review decision');
    const resultId = await resultIdOf(reference, requestId, 'decision');
    await casework.recordReviewDecision(resultId, decision, caller(requestId));
  });
}

export async function localCaseworkRoutes(app: FastifyInstance, options: PageOptions): Promise<void> {
  listRoutes(app, options);
  applicationRoutes(app, options);
}
