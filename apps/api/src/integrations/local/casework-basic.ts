import type { FastifyInstance } from 'fastify';
import {
  basicStatusTag,
  BASIC_APP_ID_PATTERN,
  formatPence,
  isBasicStatus,
  type BasicStatus,
} from '@dis/domain';
import { registerBasicApplicationBodySchema, type CaseworkBasicApplication } from '@dis/domain/contracts';
import { ApiError } from '../../platform/errors';
import { escapeHtml, localErrorSummary, localPage, localSuccessBanner } from '../identity/local-page';
import {
  formField as field,
  registerFromForm,
  type FormNotice,
  textInput,
  captionedTable,
  tableCell,
} from './page-parts';

/**
 * Local stand-in for casework's Basic disclosures, at /local/casework/basic (decision 0052): register a Basic
 * application made through the Basic service for an applicant (by their email address and date of birth), and move
 * its status (received, in progress, completed, terminated). A client of the same service as
 * /internal/casework/basic-applications; it holds no rules. Local only.
 */
export const LOCAL_BASIC_CASEWORK_PATH = '/local/casework/basic';

interface PageCaller {
  requestId: string;
  source: string;
}
/** What this page needs: the casework API's Basic operations. */
export interface BasicCaseworkPort {
  caseworkList(): Promise<CaseworkBasicApplication[]>;
  register(
    body: { appId: string; email: string; dateOfBirth: string },
    caller: PageCaller,
  ): Promise<CaseworkBasicApplication>;
  move(appId: string, to: BasicStatus, caller: PageCaller): Promise<CaseworkBasicApplication>;
}

const TITLE = 'Basic disclosures';
const MOVE_LABELS: Record<BasicStatus, string> = {
  RECEIVED: 'Mark as received',
  IN_PROGRESS: 'Mark as in progress',
  COMPLETED: 'Mark as completed',
  TERMINATED: 'Terminate',
};
const FIELDS = ['appId', 'email', 'dateOfBirth'] as const;
type Field = (typeof FIELDS)[number];

interface Notice extends FormNotice<Field> {
  registered?: string;
  moved?: string;
  error?: string;
}

const input = (name: Field, label: string, hint: string, notice: Notice, width: string): string =>
  textInput(name, label, hint, notice, width);

function row(application: CaseworkBasicApplication): string {
  const tag = basicStatusTag(application.status);
  const appId = escapeHtml(application.appId);
  const cell = tableCell;
  const moves = application.moves
    .map(
      (
        to,
      ) => `<form method="post" action="${LOCAL_BASIC_CASEWORK_PATH}/${encodeURIComponent(application.appId)}/status" novalidate class="govuk-!-display-inline-block govuk-!-margin-right-2">
        <input type="hidden" name="status" value="${to}">
        <button type="submit" class="govuk-button ${to === 'TERMINATED' ? 'govuk-button--warning' : 'govuk-button--secondary'} govuk-!-margin-bottom-0" data-module="govuk-button">${MOVE_LABELS[to]}<span class="govuk-visually-hidden"> Basic application ${appId}</span></button>
      </form>`,
    )
    .join('');
  return `<tr class="govuk-table__row">
    <th scope="row" class="govuk-table__header">${appId}</th>
    ${cell(`<strong class="${tag.classes}">${escapeHtml(tag.text)}</strong>`)}
    ${cell(escapeHtml(formatPence(application.feePence)))}
    ${cell(escapeHtml(application.receivedOn))}
    ${cell(application.claimed ? 'Yes' : 'Not yet')}
    ${cell(moves || 'Final')}
  </tr>`;
}

function page(serviceName: string, applications: CaseworkBasicApplication[], notice: Notice = {}): string {
  const errors = Object.entries(notice.fieldErrors ?? {}).map(([name, text]) => ({ text, href: `#${name}` }));
  const summary = localErrorSummary(errors.length ? errors : notice.error ? [{ text: notice.error }] : []);
  const banner = notice.registered
    ? localSuccessBanner('basic-banner-title', `Basic application ${notice.registered} has been registered`)
    : notice.moved
      ? localSuccessBanner(
          'basic-banner-title',
          `The status of Basic application ${notice.moved} has been changed`,
        )
      : '';
  const table = applications.length
    ? captionedTable({
        id: 'basic-caption',
        caption: 'Basic applications, newest first',
        headings: [
          'Application number',
          'Status',
          'Fee',
          'Received',
          'Seen by the applicant',
          { hidden: 'Action' },
        ],
        rows: applications.map(row).join('\n'),
      })
    : '<p class="govuk-body">No Basic applications have been registered yet.</p>';
  const main = `${summary}${banner}
<a class="govuk-back-link" href="/local/casework">Back to casework</a>
<span class="govuk-caption-l">Local case-management system</span>
<h1 class="govuk-heading-l">${TITLE}</h1>
<p class="govuk-body">Basic disclosures are applied for through the separate Basic disclosure service. Register one here for the applicant who made it, by the email address and date of birth of their identity account; it appears on their dashboard when they sign in. Move it on as the work is done: received, in progress, then completed, or terminated. Completed and terminated are final.</p>
<h2 class="govuk-heading-m">Register a Basic application</h2>
<form method="post" action="${LOCAL_BASIC_CASEWORK_PATH}" novalidate>
  ${input('appId', 'Application number', 'The Basic service’s id for it: letters, digits, - and _, for example BD-100234', notice, 'govuk-input--width-20')}
  ${input('email', 'Applicant’s email address', 'The email address of their identity account', notice, 'govuk-!-width-two-thirds')}
  ${input('dateOfBirth', 'Applicant’s date of birth', 'As YYYY-MM-DD, for example 1990-04-12', notice, 'govuk-input--width-10')}
  <button type="submit" class="govuk-button" data-module="govuk-button">Register Basic application</button>
</form>
${table}`;
  return localPage(serviceName, `${summary ? 'Error: ' : ''}${TITLE}`, main, { fullWidth: true });
}

export async function localBasicCaseworkRoutes(
  app: FastifyInstance,
  { basic, serviceName }: { basic: BasicCaseworkPort; serviceName: string },
): Promise<void> {
  const caller = (requestId: string) => ({ requestId, source: 'local-casework' });
  const show = async (notice: Notice = {}) => page(serviceName, await basic.caseworkList(), notice);
  const known = (value: unknown): value is string =>
    typeof value === 'string' && BASIC_APP_ID_PATTERN.test(value);

  app.get(LOCAL_BASIC_CASEWORK_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const { registered, moved } = (request.query ?? {}) as { registered?: unknown; moved?: unknown };
    return reply.type('text/html').send(
      await show({
        ...(known(registered) ? { registered } : {}),
        ...(known(moved) ? { moved } : {}),
      }),
    );
  });

  app.post(
    LOCAL_BASIC_CASEWORK_PATH,
    { config: { access: 'public', formPost: true } },
    async (request, reply) => {
      const values = Object.fromEntries(
        FIELDS.map((name) => [name, field(request.body, name) ?? '']),
      ) as Record<Field, string>;
      // The same schema as the casework API's body.
      const parsed = registerBasicApplicationBodySchema.safeParse(values);
      let notice: Notice;
      if (!parsed.success) {
        const fieldErrors: Partial<Record<Field, string>> = {};
        for (const issue of parsed.error.issues)
          fieldErrors[String(issue.path[0]) as Field] ??= issue.message;
        notice = { fieldErrors, values };
        reply.status(400);
      } else {
        const outcome = await registerFromForm(reply, LOCAL_BASIC_CASEWORK_PATH, values, async () => {
          return (await basic.register(parsed.data, caller(request.id))).appId;
        });
        if ('redirect' in outcome) return reply.redirect(outcome.redirect, 303);
        notice = outcome.notice;
      }
      return reply.type('text/html').send(await show(notice));
    },
  );

  app.post<{ Params: { appId: string } }>(
    `${LOCAL_BASIC_CASEWORK_PATH}/:appId/status`,
    { config: { access: 'public', formPost: true } },
    async (request, reply) => {
      const status = field(request.body, 'status');
      try {
        if (!known(request.params.appId)) throw new ApiError(404, 'NOT_FOUND', 'Basic application not found');
        if (!isBasicStatus(status)) throw new ApiError(400, 'VALIDATION_FAILED', 'Select the new status');
        const done = await basic.move(request.params.appId, status, caller(request.id));
        return reply.redirect(`${LOCAL_BASIC_CASEWORK_PATH}?moved=${encodeURIComponent(done.appId)}`, 303);
      } catch (caught) {
        if (!(caught instanceof ApiError)) throw caught;
        return reply
          .status(caught.status)
          .type('text/html')
          .send(await show({ error: caught.message }));
      }
    },
  );
}
