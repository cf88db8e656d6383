import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { applicationTypeName, statusTag } from '@dis/domain';
import {
  RESULT_PRESETS,
  type AppealOutcome,
  type CaseworkApplication,
  type PrintRequest,
  type ReviewDecision,
} from '@dis/domain/contracts';
import { escapeHtml, localErrorSummary, localPage, localSuccessBanner } from '../identity/local-page';
import { errorMessage, captionedTable, tableCell } from './page-parts';

// The local casework pages' HTML: the list of sent applications and paper copies to print, and one
// application's page with its forms. The routes are in casework.ts.

export const LOCAL_CASEWORK_PATH = '/local/casework';

const TITLE = 'Casework';

const APPEAL_OUTCOME_LABELS: Record<AppealOutcome, string> = {
  CONVICTIONS_REMOVED: 'The sheriff removed the appealed conviction',
  CONVICTIONS_UNCHANGED: 'The convictions stay as issued',
};
const REVIEW_DECISION_LABELS: Record<ReviewDecision, string> = {
  SUCCESSFUL: 'Successful: the scheme record changes',
  UNSUCCESSFUL: 'Unsuccessful: the scheme record stays as issued',
};
export const DONE_MESSAGES: Record<string, (reference: string) => string> = {
  issued: (r) => `A result has been issued for application ${r}`,
  delay: (r) => `The reason for the delay of application ${r} has been saved`,
  appeal: (r) => `The appeal outcome for application ${r} has been recorded`,
  review: (r) => `The review decision for application ${r} has been recorded`,
};

const londonDateTime = (iso: string) =>
  format(new TZDate(new Date(iso).getTime(), 'Europe/London'), 'd MMMM yyyy, HH:mm');
export const detailPath = (reference: string) =>
  `${LOCAL_CASEWORK_PATH}/applications/${encodeURIComponent(reference)}`;

export type FieldErrors = Record<string, string>;
export interface Notice {
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
  const cell = tableCell;
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
  const cell = tableCell;
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
  return captionedTable({
    id: 'print-requests',
    caption: 'Paper copies to print',
    headings: ['Application', 'Disclosure number', 'Requested', 'Status', { hidden: 'Action' }],
    rows: rows,
  });
}

export function listPage(
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
    ? captionedTable({
        id: 'casework-caption',
        caption: 'Sent applications, newest first',
        headings: [
          'Reference',
          'Type',
          'Status',
          'Organisation',
          'Applicant',
          'Started',
          { hidden: 'Casework' },
          { hidden: 'Action' },
        ],
        rows: applications.map(row).join('\n'),
      })
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

/** Radios offering each value of `labels` with its label, in the record's order. */
function radios(
  name: string,
  legend: string,
  labels: Readonly<Record<string, string>>,
  error: string | undefined,
): string {
  const items = Object.entries(labels)
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
  ${radios('preset', 'Result to issue', RESULT_PRESETS, fieldErrors.preset)}
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
  const form = (path: string, name: string, legend: string, labels: Record<string, string>, button: string) =>
    `<form method="post" action="${escapeHtml(detailPath(application.reference))}/${path}" novalidate>
  ${radios(name, legend, labels, fieldErrors[name])}
  <button type="submit" class="govuk-button" data-module="govuk-button">${button}</button>
</form>`;
  const appeal = result.appealOutcomeOpen
    ? form('appeal-outcome', 'outcome', 'Appeal outcome', APPEAL_OUTCOME_LABELS, 'Record appeal outcome')
    : '';
  const review = result.reviewDecisionOpen
    ? form('review-decision', 'decision', 'Review decision', REVIEW_DECISION_LABELS, 'Record review decision')
    : '';
  return facts + appeal + review;
}

export function detailPage(
  serviceName: string,
  application: CaseworkApplication,
  notice: Notice = {},
): string {
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
