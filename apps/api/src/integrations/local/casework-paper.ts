import type { FastifyInstance } from 'fastify';
import { APPLICATION_TYPES } from '@dis/domain';
import {
  APPLICATION_REFERENCE_PATTERN,
  PAPER_TYPE_CODES,
  registerPaperApplicationBodySchema,
  type PaperApplication,
  type RegisterPaperApplicationBody,
} from '@dis/domain/contracts';
import { escapeHtml, localErrorSummary, localPage, localSuccessBanner } from '../identity/local-page';
import { formField as field, registerFromForm, type FormNotice, textInput } from './page-parts';

/**
 * Local stand-in for casework's paper applications, at /local/casework/paper (decision 0053): register an
 * application received on paper (channel P) for its applicant, by the email address and date of birth of their
 * identity account. A client of the same service as /internal/casework/paper-applications; it holds no rules.
 * Once the applicant has signed in, the application is on the casework page to issue its result. Local only.
 */
export const LOCAL_PAPER_CASEWORK_PATH = '/local/casework/paper';

interface PageCaller {
  requestId: string;
  source: string;
}
/** What this page needs: the casework API's paper registration. */
export interface PaperCaseworkPort {
  register(body: RegisterPaperApplicationBody, caller: PageCaller): Promise<PaperApplication>;
}

const TITLE = 'Register a paper application';
const TEXT_FIELDS = [
  'reference',
  'forename',
  'middleNames',
  'surname',
  'email',
  'dateOfBirth',
  'line1',
  'line2',
  'town',
  'county',
  'postcode',
  'country',
] as const;
const ADDRESS_FIELDS = new Set(['line1', 'line2', 'town', 'county', 'postcode', 'country']);
type Field = (typeof TEXT_FIELDS)[number] | 'typeCode';

interface Notice extends FormNotice<Field> {
  registered?: string;
  error?: string;
}

const input = (name: Field, label: string, hint: string, notice: Notice, width: string): string =>
  textInput(name, label, hint, notice, width);

function typeSelect(notice: Notice): string {
  const error = notice.fieldErrors?.typeCode;
  const chosen = notice.values?.typeCode ?? '';
  const options = PAPER_TYPE_CODES.map(
    (code) =>
      `<option value="${code}"${chosen === code ? ' selected' : ''}>${escapeHtml(APPLICATION_TYPES[code])} (${code})</option>`,
  ).join('');
  return `<div class="govuk-form-group${error ? ' govuk-form-group--error' : ''}">
  <label class="govuk-label govuk-label--s" for="typeCode">Type of application</label>
  ${error ? `<p id="typeCode-error" class="govuk-error-message"><span class="govuk-visually-hidden">Error:</span> ${escapeHtml(error)}</p>` : ''}
  <select class="govuk-select${error ? ' govuk-select--error' : ''}" id="typeCode" name="typeCode"${error ? ' aria-describedby="typeCode-error"' : ''}>
    <option value="">Select the type</option>${options}
  </select>
</div>`;
}

function page(serviceName: string, notice: Notice = {}): string {
  const errors = Object.entries(notice.fieldErrors ?? {}).map(([name, text]) => ({ text, href: `#${name}` }));
  const summary = localErrorSummary(errors.length ? errors : notice.error ? [{ text: notice.error }] : []);
  const banner = notice.registered
    ? localSuccessBanner(
        'paper-banner-title',
        `Paper application ${notice.registered} has been registered`,
        '<p class="govuk-body">It is on the applicant’s dashboard when they sign in; its result can then be issued from the <a class="govuk-notification-banner__link" href="/local/casework">casework page</a>.</p>',
      )
    : '';
  const main = `${summary}${banner}
<a class="govuk-back-link" href="/local/casework">Back to casework</a>
<span class="govuk-caption-l">Local case-management system</span>
<h1 class="govuk-heading-l">${TITLE}</h1>
<p class="govuk-body">An application received on paper is registered here with the reference printed on the form. It is submitted as soon as it is registered. It appears on the applicant’s dashboard when they sign in with the email address and date of birth given here; its result can be issued from then on.</p>
<form method="post" action="${LOCAL_PAPER_CASEWORK_PATH}" novalidate>
  ${input('reference', 'Application reference', 'As printed on the form, for example DS-7K3M9-Q2XHD', notice, 'govuk-input--width-20')}
  ${typeSelect(notice)}
  ${input('forename', 'First name', '', notice, 'govuk-!-width-one-half')}
  ${input('middleNames', 'Middle names (optional)', '', notice, 'govuk-!-width-one-half')}
  ${input('surname', 'Last name', '', notice, 'govuk-!-width-one-half')}
  ${input('email', 'Applicant’s email address', 'The email address of their identity account', notice, 'govuk-!-width-two-thirds')}
  ${input('dateOfBirth', 'Applicant’s date of birth', 'As YYYY-MM-DD, for example 1990-04-12', notice, 'govuk-input--width-10')}
  ${input('line1', 'Address line 1', '', notice, 'govuk-!-width-two-thirds')}
  ${input('line2', 'Address line 2 (optional)', '', notice, 'govuk-!-width-two-thirds')}
  ${input('town', 'Town or city', '', notice, 'govuk-!-width-one-half')}
  ${input('county', 'County (optional)', '', notice, 'govuk-!-width-one-half')}
  ${input('postcode', 'Postcode (optional)', '', notice, 'govuk-input--width-10')}
  ${input('country', 'Country code (optional)', 'Two letters; GB when left empty', notice, 'govuk-input--width-4')}
  <button type="submit" class="govuk-button" data-module="govuk-button">Register paper application</button>
</form>`;
  return localPage(serviceName, `${summary ? 'Error: ' : ''}${TITLE}`, main);
}

export async function localPaperCaseworkRoutes(
  app: FastifyInstance,
  { paper, serviceName }: { paper: PaperCaseworkPort; serviceName: string },
): Promise<void> {
  app.get(LOCAL_PAPER_CASEWORK_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const { registered } = (request.query ?? {}) as { registered?: unknown };
    const known = typeof registered === 'string' && APPLICATION_REFERENCE_PATTERN.test(registered);
    return reply.type('text/html').send(page(serviceName, known ? { registered } : {}));
  });

  app.post(
    LOCAL_PAPER_CASEWORK_PATH,
    { config: { access: 'public', formPost: true } },
    async (request, reply) => {
      const values: Partial<Record<Field, string>> = { typeCode: field(request.body, 'typeCode') ?? '' };
      for (const name of TEXT_FIELDS) values[name] = field(request.body, name) ?? '';
      const address = Object.fromEntries([...ADDRESS_FIELDS].map((name) => [name, values[name as Field]]));
      const rest = Object.fromEntries(Object.entries(values).filter(([name]) => !ADDRESS_FIELDS.has(name)));
      // The same schema as the casework API's body.
      const parsed = registerPaperApplicationBodySchema.safeParse({ ...rest, address });
      let notice: Notice;
      if (!parsed.success) {
        const fieldErrors: Partial<Record<Field, string>> = {};
        for (const issue of parsed.error.issues) {
          const name = String(
            issue.path[0] === 'address' ? (issue.path[1] ?? 'line1') : issue.path[0],
          ) as Field;
          fieldErrors[name] ??= issue.message;
        }
        notice = { fieldErrors, values };
        reply.status(400);
      } else {
        const outcome = await registerFromForm(reply, LOCAL_PAPER_CASEWORK_PATH, values, async () => {
          return (await paper.register(parsed.data, { requestId: request.id, source: 'local-casework' }))
            .reference;
        });
        if ('redirect' in outcome) return reply.redirect(outcome.redirect, 303);
        notice = outcome.notice;
      }
      return reply.type('text/html').send(page(serviceName, notice));
    },
  );
}
