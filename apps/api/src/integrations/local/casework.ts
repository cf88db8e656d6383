import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { applicationTypeName, statusTag } from '@dis/domain';
import {
  APPEAL_OUTCOMES,
  delayReasonContract,
  issueResultBodySchema,
  RESULT_PRESET_NAMES,
  RESULT_PRESETS,
  REVIEW_DECISIONS,
  type AppealOutcome,
  type CaseworkApplication,
  type PrintRequest,
  type ResultPreset,
  type ReviewDecision,
} from '@dis/domain/contracts';
import { ApiError } from '../../platform/errors';
import { escapeHtml, localErrorSummary, localPage, localSuccessBanner } from '../identity/local-page';

/**
 * Local stand-in for the disclosure body's case-management system, at /local/casework: the applications that
 * have been sent, newest first, the paper copies applicants asked for (to mark printed and sent), and for each a page to issue its result from a preset, give a reason for a
 * delay, record an appeal outcome or a review decision, or terminate it. The page is a client of the casework
 * service (the same one behind /internal/casework/*), handed in by the app; it holds no rules. Local only.
 */
export const LOCAL_CASEWORK_PATH = '/local/casework';

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
const TITLE = 'Casework';

const APPEAL_OUTCOME_LABELS: Record<AppealOutcome, string> = {
  CONVICTIONS_REMOVED: 'The sheriff removed the appealed conviction',
  CONVICTIONS_UNCHANGED: 'The convictions stay as issued',
};
const REVIEW_DECISION_LABELS: Record<ReviewDecision, string> = {
  SUCCESSFUL: 'Successful: the scheme record changes',
  UNSUCCESSFUL: 'Unsuccessful: the scheme record stays as issued',
};
const DONE_MESSAGES: Record<string, (reference: string) => string> = {
  issued: (r) => `A result has been issued for application ${r}`,
  delay: (r) => `The reason for the delay of application ${r} has been saved`,
  appeal: (r) => `The appeal outcome for application ${r} has been recorded`,
  review: (r) => `The review decision for application ${r} has been recorded`,
};

const londonDateTime = (iso: string) =>
  format(new TZDate(new Date(iso).getTime(), 'Europe/London'), 'd MMMM yyyy, HH:mm');
const detailPath = (reference: string) =>
  `${LOCAL_CASEWORK_PATH}/applications/${encodeURIComponent(reference)}`;

type FieldErrors = Record<string, string>;
interface Notice {
  terminated?: string;
  /** The application reference of a print request just marked sent. */
  printed?: string;
  error?: string;
  fieldErrors?: FieldErrors;
  done?: string;
}

/** The field each error of the casework API points at on this page. */
const FIELD_ANCHORS: Record<string, string> = {
  preset: '#preset',
  scheduledPendingReleaseDate: '#releaseDay',
  reason: '#reason',
  decision: '#decision',
  outcome: '#outcome',
};

function errorSummary(notice: Notice): string {
  const fieldErrors = Object.entries(notice.fieldErrors ?? {}).map(([field, text]) => ({
    text,
    ...(FIELD_ANCHORS[field] ? { href: FIELD_ANCHORS[field] } : {}),
  }));
  return localErrorSummary(fieldErrors.length ? fieldErrors : notice.error ? [{ text: notice.error }] : []);
}

function errorMessage(id: string, text: string | undefined): string {
  return text
    ? `<p id="${id}-error" class="govuk-error-message"><span class="govuk-visually-hidden">Error:</span> ${escapeHtml(text)}</p>`
    : '';
}

function row(application: CaseworkApplication): string {
  const tag = statusTag(application.status, 'organisation');
  const reference = escapeHtml(application.reference);
  const open = `<a class="govuk-link" href="${escapeHtml(detailPath(application.reference))}">${
    application.issuable ? 'Issue result' : 'Open'
  }<span class="govuk-visually-hidden"> for application ${reference}</span></a>`;
  const terminate = application.terminable
    ? `<form method="post" action="${LOCAL_CASEWORK_PATH}/terminate" novalidate>
        <input type="hidden" name="reference" value="${reference}">
        <button type="submit" class="govuk-button govuk-button--warning govuk-!-margin-bottom-0" data-module="govuk-button">Terminate<span class="govuk-visually-hidden"> application ${reference}</span></button>
      </form>`
    : '';
  const cell = (html: string) => `<td class="govuk-table__cell">${html}</td>`;
  return `<tr class="govuk-table__row">
    <th scope="row" class="govuk-table__header">${reference}</th>
    ${cell(escapeHtml(applicationTypeName(application.typeCode)))}
    ${cell(`<strong class="${tag.classes}">${escapeHtml(tag.text)}</strong>`)}
    ${cell(escapeHtml(application.organisationName ?? 'None (started by the applicant)'))}
    ${cell(escapeHtml(application.applicantName ?? 'Not known'))}
    ${cell(escapeHtml(londonDateTime(application.createdAt)))}
    ${cell(open)}
    ${cell(terminate)}
  </tr>`;
}

function printRequestsSection(requests: PrintRequest[]): string {
  if (requests.length === 0)
    return `<h2 class="govuk-heading-m" id="print-requests">Paper copies to print</h2>
<p class="govuk-body">No applicant has asked for a paper copy of a result.</p>`;
  const cell = (html: string) => `<td class="govuk-table__cell">${html}</td>`;
  const rows = requests
    .map((request) => {
      const reference = escapeHtml(request.applicationReference);
      const status =
        request.status === 'SENT'
          ? `<strong class="govuk-tag govuk-tag--green">Sent</strong>`
          : `<strong class="govuk-tag govuk-tag--yellow">To print</strong>`;
      const action =
        request.status === 'REQUESTED'
          ? `<form method="post" action="${LOCAL_CASEWORK_PATH}/print-requests/${escapeHtml(request.id)}/sent" novalidate>
        <button type="submit" class="govuk-button govuk-button--secondary govuk-!-margin-bottom-0" data-module="govuk-button">Mark as printed and sent<span class="govuk-visually-hidden"> for application ${reference}</span></button>
      </form>`
          : escapeHtml(request.sentAt ? `Sent ${londonDateTime(request.sentAt)}` : 'Sent');
      return `<tr class="govuk-table__row">
    <th scope="row" class="govuk-table__header">${reference}</th>
    ${cell(escapeHtml(request.disclosureNumber))}
    ${cell(escapeHtml(londonDateTime(request.requestedAt)))}
    ${cell(status)}
    ${cell(action)}
  </tr>`;
    })
    .join('\n');
  return `<div class="app-table-container" role="region" aria-labelledby="print-requests" tabindex="0">
<table class="govuk-table">
  <caption class="govuk-table__caption govuk-table__caption--m" id="print-requests">Paper copies to print</caption>
  <thead class="govuk-table__head"><tr class="govuk-table__row">
    <th scope="col" class="govuk-table__header">Application</th>
    <th scope="col" class="govuk-table__header">Disclosure number</th>
    <th scope="col" class="govuk-table__header">Requested</th>
    <th scope="col" class="govuk-table__header">Status</th>
    <th scope="col" class="govuk-table__header"><span class="govuk-visually-hidden">Action</span></th>
  </tr></thead>
  <tbody class="govuk-table__body">${rows}</tbody>
</table>
</div>`;
}

function listPage(
  serviceName: string,
  applications: CaseworkApplication[],
  printRequests: PrintRequest[],
  notice: Notice = {},
): string {
  const banner = notice.terminated
    ? localSuccessBanner('casework-banner-title', `Application ${notice.terminated} has been terminated`)
    : notice.printed
      ? localSuccessBanner(
          'casework-banner-title',
          `The paper copy for application ${notice.printed} has been marked as printed and sent`,
        )
      : '';
  const table = applications.length
    ? `<div class="app-table-container" role="region" aria-labelledby="casework-caption" tabindex="0">
<table class="govuk-table">
  <caption class="govuk-table__caption govuk-table__caption--m" id="casework-caption">Sent applications, newest first</caption>
  <thead class="govuk-table__head"><tr class="govuk-table__row">
    <th scope="col" class="govuk-table__header">Reference</th>
    <th scope="col" class="govuk-table__header">Type</th>
    <th scope="col" class="govuk-table__header">Status</th>
    <th scope="col" class="govuk-table__header">Organisation</th>
    <th scope="col" class="govuk-table__header">Applicant</th>
    <th scope="col" class="govuk-table__header">Started</th>
    <th scope="col" class="govuk-table__header"><span class="govuk-visually-hidden">Casework</span></th>
    <th scope="col" class="govuk-table__header"><span class="govuk-visually-hidden">Action</span></th>
  </tr></thead>
  <tbody class="govuk-table__body">${applications.map(row).join('\n')}</tbody>
</table>
</div>`
    : '<p class="govuk-body">No applications have been sent yet.</p>';
  const main = `${errorSummary(notice)}${banner}
<span class="govuk-caption-l">Local case-management system</span>
<h1 class="govuk-heading-l">${TITLE}</h1>
<p class="govuk-body">This page stands in for the disclosure body's caseworkers. It lists applications that have been sent: handed over to the applicant by an organisation, or declared by an applicant who started one. Drafts still being filled in are not listed.</p>
<p class="govuk-body">Open a submitted application to issue its result, or to give a reason for a delay. Once a result is issued, open it again to record an appeal outcome or a review decision.</p>
<p class="govuk-body">A caseworker terminates an application, for example when documents were not received. Only applications waiting for the applicant, submitted, or whose payment failed can be terminated. A terminated application cannot be reactivated.</p>
<p class="govuk-body">To move the service's clock forward (so applications expire and held-back results are released), use the <a class="govuk-link" href="/local/clock">local service clock</a>.</p>
<p class="govuk-body">Basic disclosures, applied for through the separate Basic service, are registered and moved on at <a class="govuk-link" href="${LOCAL_CASEWORK_PATH}/basic">Basic disclosures</a>.</p>
<p class="govuk-body">Applications received on paper are registered at <a class="govuk-link" href="${LOCAL_CASEWORK_PATH}/paper">register a paper application</a>.</p>
<p class="govuk-body">Emails and text messages that could not be delivered are listed on <a class="govuk-link" href="${LOCAL_CASEWORK_PATH}/undelivered">messages not delivered</a>.</p>
${table}
<p class="govuk-body">When an applicant asks for a paper copy of their result, it is listed below until it has been printed and posted.</p>
${printRequestsSection(printRequests)}`;
  return localPage(serviceName, `${notice.error || notice.fieldErrors ? 'Error: ' : ''}${TITLE}`, main, {
    fullWidth: true,
  });
}

function radios(
  name: string,
  legend: string,
  options: [string, string][],
  error: string | undefined,
): string {
  const items = options
    .map(
      ([value, label], index) => `<div class="govuk-radios__item">
      <input class="govuk-radios__input" id="${name}${index === 0 ? '' : `-${index + 1}`}" name="${name}" type="radio" value="${escapeHtml(value)}">
      <label class="govuk-label govuk-radios__label" for="${name}${index === 0 ? '' : `-${index + 1}`}">${escapeHtml(label)}</label>
    </div>`,
    )
    .join('\n');
  return `<div class="govuk-form-group${error ? ' govuk-form-group--error' : ''}">
  <fieldset class="govuk-fieldset"${error ? ` aria-describedby="${name}-error"` : ''}>
    <legend class="govuk-fieldset__legend govuk-fieldset__legend--m">${escapeHtml(legend)}</legend>
    ${errorMessage(name, error)}
    <div class="govuk-radios" data-module="govuk-radios">${items}</div>
  </fieldset>
</div>`;
}

function issueForm(reference: string, fieldErrors: FieldErrors): string {
  const dateError = fieldErrors.scheduledPendingReleaseDate;
  const dateInput = (
    id: string,
    name: string,
    label: string,
    width: number,
  ) => `<div class="govuk-date-input__item">
      <div class="govuk-form-group">
        <label class="govuk-label govuk-date-input__label" for="${id}">${label}</label>
        <input class="govuk-input govuk-date-input__input govuk-input--width-${width}${dateError ? ' govuk-input--error' : ''}" id="${id}" name="${name}" type="text" inputmode="numeric">
      </div>
    </div>`;
  return `<h2 class="govuk-heading-m">Issue a result</h2>
<form method="post" action="${escapeHtml(detailPath(reference))}/result" novalidate>
  ${radios(
    'preset',
    'Result to issue',
    RESULT_PRESET_NAMES.map((name) => [name, RESULT_PRESETS[name]]),
    fieldErrors.preset,
  )}
  <div class="govuk-form-group${dateError ? ' govuk-form-group--error' : ''}">
    <fieldset class="govuk-fieldset" role="group" aria-describedby="release-hint${dateError ? ' scheduledPendingReleaseDate-error' : ''}">
      <legend class="govuk-fieldset__legend govuk-fieldset__legend--s">Scheduled pending release date</legend>
      <div id="release-hint" class="govuk-hint">Only for a result with a conviction that can be appealed. Leave it empty for 28 working days from today. For example, 27 3 2027</div>
      ${errorMessage('scheduledPendingReleaseDate', dateError)}
      <div class="govuk-date-input" id="scheduledPendingReleaseDate">
        ${dateInput('releaseDay', 'releaseDay', 'Day', 2)}
        ${dateInput('releaseMonth', 'releaseMonth', 'Month', 2)}
        ${dateInput('releaseYear', 'releaseYear', 'Year', 4)}
      </div>
    </fieldset>
  </div>
  <button type="submit" class="govuk-button" data-module="govuk-button">Issue result</button>
</form>`;
}

function delayForm(application: CaseworkApplication, fieldErrors: FieldErrors): string {
  const error = fieldErrors.reason;
  return `<h2 class="govuk-heading-m">Reason for a delay</h2>
<form method="post" action="${escapeHtml(detailPath(application.reference))}/delay-reason" novalidate>
  <div class="govuk-form-group${error ? ' govuk-form-group--error' : ''}">
    <label class="govuk-label govuk-label--s" for="reason">Reason for the delay</label>
    <div id="reason-hint" class="govuk-hint">The applicant sees this on the progress of their application.</div>
    ${errorMessage('reason', error)}
    <textarea class="govuk-textarea${error ? ' govuk-textarea--error' : ''}" id="reason" name="reason" rows="3" aria-describedby="reason-hint${error ? ' reason-error' : ''}">${escapeHtml(application.delayReason ?? '')}</textarea>
  </div>
  <button type="submit" class="govuk-button govuk-button--secondary" data-module="govuk-button">Save delay reason</button>
</form>`;
}

function resultSection(application: CaseworkApplication, fieldErrors: FieldErrors): string {
  const result = application.result;
  if (!result) return '';
  const item = (key: string, value: string) => `<div class="govuk-summary-list__row">
    <dt class="govuk-summary-list__key">${escapeHtml(key)}</dt><dd class="govuk-summary-list__value">${escapeHtml(value)}</dd></div>`;
  const facts = `<h2 class="govuk-heading-m">Result</h2>
<dl class="govuk-summary-list">
  ${item('Preset', RESULT_PRESETS[result.preset])}
  ${item('Result id', result.resultId)}
  ${item('Date of issue', result.dateOfIssue)}
  ${item('Scheduled pending release date', result.scheduledPendingReleaseDate ?? 'None')}
  ${item('Appeal decision', result.appealDecision)}
  ${item('Appeal outcome', result.appealOutcome ?? 'None')}
  ${item('Released to the organisation', result.releasedToOrganisationOn ? londonDateTime(result.releasedToOrganisationOn) : 'No')}
  ${item('Review', result.isUnderReview ? 'Requested, waiting for a decision' : (result.reviewDecision ?? 'None'))}
</dl>`;
  const appeal = result.appealOutcomeOpen
    ? `<form method="post" action="${escapeHtml(detailPath(application.reference))}/appeal-outcome" novalidate>
  ${radios(
    'outcome',
    'Appeal outcome',
    APPEAL_OUTCOMES.map((o) => [o, APPEAL_OUTCOME_LABELS[o]]),
    fieldErrors.outcome,
  )}
  <button type="submit" class="govuk-button" data-module="govuk-button">Record appeal outcome</button>
</form>`
    : '';
  const review = result.reviewDecisionOpen
    ? `<form method="post" action="${escapeHtml(detailPath(application.reference))}/review-decision" novalidate>
  ${radios(
    'decision',
    'Review decision',
    REVIEW_DECISIONS.map((d) => [d, REVIEW_DECISION_LABELS[d]]),
    fieldErrors.decision,
  )}
  <button type="submit" class="govuk-button" data-module="govuk-button">Record review decision</button>
</form>`
    : '';
  return facts + appeal + review;
}

function detailPage(serviceName: string, application: CaseworkApplication, notice: Notice = {}): string {
  const fieldErrors = notice.fieldErrors ?? {};
  const tag = statusTag(application.status, 'organisation');
  const done = notice.done && DONE_MESSAGES[notice.done];
  const banner = done ? localSuccessBanner('casework-banner-title', done(application.reference)) : '';
  const main = `${errorSummary(notice)}${banner}
<a href="${LOCAL_CASEWORK_PATH}" class="govuk-back-link">Back to casework</a>
<span class="govuk-caption-l">Local case-management system</span>
<h1 class="govuk-heading-l">Application ${escapeHtml(application.reference)}</h1>
<dl class="govuk-summary-list">
  <div class="govuk-summary-list__row"><dt class="govuk-summary-list__key">Type</dt><dd class="govuk-summary-list__value">${escapeHtml(applicationTypeName(application.typeCode))}</dd></div>
  <div class="govuk-summary-list__row"><dt class="govuk-summary-list__key">Status</dt><dd class="govuk-summary-list__value"><strong class="${tag.classes}">${escapeHtml(tag.text)}</strong></dd></div>
  <div class="govuk-summary-list__row"><dt class="govuk-summary-list__key">Organisation</dt><dd class="govuk-summary-list__value">${escapeHtml(application.organisationName ?? 'None (started by the applicant)')}</dd></div>
  <div class="govuk-summary-list__row"><dt class="govuk-summary-list__key">Applicant</dt><dd class="govuk-summary-list__value">${escapeHtml(application.applicantName ?? 'Not known')}</dd></div>
</dl>
${application.issuable ? issueForm(application.reference, fieldErrors) + delayForm(application, fieldErrors) : ''}
${resultSection(application, fieldErrors)}
${application.issuable || application.result ? '' : '<p class="govuk-body">A result can be issued once the application has been submitted.</p>'}`;
  return localPage(serviceName, `${notice.error || notice.fieldErrors ? 'Error: ' : ''}${TITLE}`, main);
}

function field(body: unknown, name: string): string | undefined {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** The scheduled pending release date of the form's three boxes: undefined when all are empty. */
function releaseDateOf(body: unknown): string | undefined {
  const [day, month, year] = ['releaseDay', 'releaseMonth', 'releaseYear'].map(
    (name) => field(body, name)?.trim() ?? '',
  ) as [string, string, string];
  if (!day && !month && !year) return undefined;
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return 'invalid';
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

export async function localCaseworkRoutes(
  app: FastifyInstance,
  {
    casework,
    printing,
    serviceName,
  }: { casework: CaseworkPort; printing: PrintingPort; serviceName: string },
): Promise<void> {
  const caller = (requestId: string) => ({ requestId, source: 'local-casework' });
  const list = async (notice: Notice = {}) =>
    listPage(serviceName, await casework.applications(), await printing.printRequests(), notice);

  app.get(LOCAL_CASEWORK_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const query = request.query as { terminated?: unknown; printed?: unknown } | undefined;
    const { terminated, printed } = query ?? {};
    return reply.type('text/html').send(
      await list({
        ...(typeof terminated === 'string' && REFERENCE.test(terminated) ? { terminated } : {}),
        ...(typeof printed === 'string' && REFERENCE.test(printed) ? { printed } : {}),
      }),
    );
  });

  app.post<{ Params: { id: string } }>(
    `${LOCAL_CASEWORK_PATH}/print-requests/:id/sent`,
    { config: { access: 'public', formPost: true } },
    async (request, reply) => {
      try {
        if (!PRINT_REQUEST_ID.test(request.params.id))
          throw new ApiError(404, 'NOT_FOUND', 'Print request not found');
        const done = await printing.markPrintRequestSent(request.params.id, caller(request.id));
        return reply.redirect(
          `${LOCAL_CASEWORK_PATH}?printed=${encodeURIComponent(done.applicationReference)}`,
          303,
        );
      } catch (caught) {
        if (!(caught instanceof ApiError)) throw caught;
        return reply
          .status(caught.status)
          .type('text/html')
          .send(await list({ error: caught.message }));
      }
    },
  );

  app.post(
    `${LOCAL_CASEWORK_PATH}/terminate`,
    { config: { access: 'public', formPost: true } },
    async (request, reply) => {
      const reference = field(request.body, 'reference');
      let error: ApiError;
      if (reference === undefined || !REFERENCE.test(reference)) {
        error = new ApiError(400, 'VALIDATION_FAILED', 'Choose an application to terminate');
      } else {
        try {
          const done = await casework.terminate(reference, caller(request.id));
          return reply.redirect(
            `${LOCAL_CASEWORK_PATH}?terminated=${encodeURIComponent(done.reference)}`,
            303,
          );
        } catch (caught) {
          if (!(caught instanceof ApiError)) throw caught;
          error = caught;
        }
      }
      return reply
        .status(error.status)
        .type('text/html')
        .send(await list({ error: error.message }));
    },
  );

  /** The application's page, or the list with an error summary when the reference is unknown. */
  async function showApplication(reply: FastifyReply, requestId: string, reference: string, notice: Notice) {
    try {
      const application = await casework.application(reference, caller(requestId));
      return reply.type('text/html').send(detailPage(serviceName, application, notice));
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      return reply
        .status(caught.status)
        .type('text/html')
        .send(await list({ error: caught.message }));
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

  const invalid = (fieldErrors: FieldErrors) =>
    new ApiError(400, 'VALIDATION_FAILED', 'There is a problem with the details you sent', fieldErrors);

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
    const outcome = field(body, 'outcome');
    if (!(APPEAL_OUTCOMES as readonly (string | undefined)[]).includes(outcome))
      throw invalid({ outcome: 'Select the appeal outcome' });
    const resultId = await resultIdOf(reference, requestId, 'outcome');
    await casework.recordAppealOutcome(resultId, outcome as AppealOutcome, caller(requestId));
  });

  action('review-decision', 'review', async (reference, body, requestId) => {
    const decision = field(body, 'decision');
    if (!(REVIEW_DECISIONS as readonly (string | undefined)[]).includes(decision))
      throw invalid({ decision: 'Select the review decision' });
    const resultId = await resultIdOf(reference, requestId, 'decision');
    await casework.recordReviewDecision(resultId, decision as ReviewDecision, caller(requestId));
  });
}
