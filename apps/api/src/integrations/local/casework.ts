import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { FastifyInstance } from 'fastify';
import { statusTag } from '@dis/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import {
  caseworkApplications,
  terminateApplication,
  type CaseworkApplication,
} from '../../modules/applications/casework';
import { typeName } from '../../modules/applications/drafts';
import { escapeHtml, localErrorSummary, localPage, localSuccessBanner } from '../identity/local-page';

/**
 * Local stand-in for the disclosure body's case-management system, at /local/casework: the applications that
 * have been sent, newest first, each that can still be terminated with a "Terminate" button (a form post).
 * The status change itself is the applications module's (terminateApplication). Local services only.
 */
export const LOCAL_CASEWORK_PATH = '/local/casework';

const REFERENCE = /^[A-Z0-9-]{1,40}$/;
const TITLE = 'Casework';

const londonDateTime = (date: Date) =>
  format(new TZDate(date.getTime(), 'Europe/London'), 'd MMMM yyyy, HH:mm');

function row(application: CaseworkApplication): string {
  const tag = statusTag(application.status, 'organisation');
  const reference = escapeHtml(application.reference);
  const action = application.terminable
    ? `<form method="post" action="${LOCAL_CASEWORK_PATH}/terminate" novalidate>
        <input type="hidden" name="reference" value="${reference}">
        <button type="submit" class="govuk-button govuk-button--warning govuk-!-margin-bottom-0" data-module="govuk-button">Terminate<span class="govuk-visually-hidden"> application ${reference}</span></button>
      </form>`
    : '';
  const cell = (html: string) => `<td class="govuk-table__cell">${html}</td>`;
  return `<tr class="govuk-table__row">
    <th scope="row" class="govuk-table__header">${reference}</th>
    ${cell(escapeHtml(typeName(application.typeCode)))}
    ${cell(`<strong class="${tag.classes}">${escapeHtml(tag.text)}</strong>`)}
    ${cell(escapeHtml(application.organisationName ?? 'None (started by the applicant)'))}
    ${cell(escapeHtml(application.applicantName ?? 'Not known'))}
    ${cell(escapeHtml(londonDateTime(application.createdAt)))}
    ${cell(action)}
  </tr>`;
}

function caseworkPage(
  serviceName: string,
  applications: CaseworkApplication[],
  notice: { terminated?: string; error?: string } = {},
): string {
  const banner = notice.terminated
    ? localSuccessBanner('casework-banner-title', `Application ${notice.terminated} has been terminated`)
    : '';
  const errorSummary = localErrorSummary(notice.error ? [{ text: notice.error }] : []);
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
    <th scope="col" class="govuk-table__header"><span class="govuk-visually-hidden">Action</span></th>
  </tr></thead>
  <tbody class="govuk-table__body">${applications.map(row).join('\n')}</tbody>
</table>
</div>`
    : '<p class="govuk-body">No applications have been sent yet.</p>';
  const main = `${errorSummary}${banner}
<span class="govuk-caption-l">Local case-management system</span>
<h1 class="govuk-heading-l">${TITLE}</h1>
<p class="govuk-body">This page stands in for the disclosure body's caseworkers. It lists applications that have been sent: handed over to the applicant by an organisation, or declared by an applicant who started one. Drafts still being filled in are not listed.</p>
<p class="govuk-body">A caseworker terminates an application, for example when documents were not received. Only applications waiting for the applicant, submitted, or whose payment failed can be terminated. A terminated application cannot be reactivated.</p>
<p class="govuk-body">To move the service's clock forward (so applications expire), use the <a class="govuk-link" href="/local/clock">local service clock</a>.</p>
${table}`;
  return localPage(serviceName, `${notice.error ? 'Error: ' : ''}${TITLE}`, main, { fullWidth: true });
}

export async function localCaseworkRoutes(
  app: FastifyInstance,
  { db, clock, serviceName }: { db: Db; clock: Clock; serviceName: string },
): Promise<void> {
  app.get(LOCAL_CASEWORK_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const terminated = (request.query as { terminated?: unknown } | undefined)?.terminated;
    const applications = await caseworkApplications(db, clock.now());
    return reply.type('text/html').send(
      caseworkPage(serviceName, applications, {
        ...(typeof terminated === 'string' && REFERENCE.test(terminated) ? { terminated } : {}),
      }),
    );
  });

  app.post(
    `${LOCAL_CASEWORK_PATH}/terminate`,
    { config: { access: 'public', formPost: true } },
    async (request, reply) => {
      const reference = (request.body as { reference?: unknown } | undefined)?.reference;
      let error: ApiError;
      if (typeof reference !== 'string' || !REFERENCE.test(reference)) {
        error = new ApiError(400, 'VALIDATION_FAILED', 'Choose an application to terminate');
      } else {
        try {
          const done = await terminateApplication(db, clock, reference, {
            requestId: request.id,
            source: 'local-casework',
          });
          return reply.redirect(
            `${LOCAL_CASEWORK_PATH}?terminated=${encodeURIComponent(done.reference)}`,
            303,
          );
        } catch (caught) {
          if (!(caught instanceof ApiError)) throw caught;
          error = caught;
        }
      }
      const applications = await caseworkApplications(db, clock.now());
      return reply
        .status(error.status)
        .type('text/html')
        .send(caseworkPage(serviceName, applications, { error: error.message }));
    },
  );
}
