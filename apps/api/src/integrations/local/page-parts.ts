import type { FastifyReply } from 'fastify';
import { ApiError } from '../../platform/errors';
import { escapeHtml } from '../identity/local-page';

// Pieces of HTML and form reading shared by the local stand-ins' pages (casework, Basic, paper, undelivered).

/** A text field of a posted form, or undefined when it is missing or not text. */
export function formField(body: unknown, name: string): string | undefined {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** A field's error message (GOV.UK Frontend), or nothing. */
export function errorMessage(id: string, text: string | undefined): string {
  return text
    ? `<p id="${id}-error" class="govuk-error-message"><span class="govuk-visually-hidden">Error:</span> ${escapeHtml(text)}</p>`
    : '';
}

/** What a form page shows again after a refusal: each field's error and the value that was sent. */
export interface FormNotice<F extends string> {
  fieldErrors?: Partial<Record<F, string>>;
  values?: Partial<Record<F, string>>;
}

/**
 * A registration from a valid form (the Basic and paper stand-ins): where to go once it is registered
 * (`path?registered=<what register gives>`), or the casework service's refusal as the form's notice, its status set.
 */
export async function registerFromForm<F extends string>(
  reply: FastifyReply,
  path: string,
  values: Partial<Record<F, string>>,
  register: () => Promise<string>,
): Promise<{ redirect: string } | { notice: FormNotice<F> & { error: string } }> {
  try {
    return { redirect: `${path}?registered=${encodeURIComponent(await register())}` };
  } catch (caught) {
    if (!(caught instanceof ApiError)) throw caught;
    reply.status(caught.status);
    const fieldErrors: Partial<Record<string, string>> = caught.fieldErrors ?? {};
    return { notice: { error: caught.message, fieldErrors, values } };
  }
}

/** A one-line text input with its label, optional hint, error and the value sent before. */
export function textInput<F extends string>(
  name: F,
  label: string,
  hint: string,
  notice: FormNotice<F>,
  width: string,
): string {
  const error = notice.fieldErrors?.[name];
  const describedBy = [...(hint ? [`${name}-hint`] : []), ...(error ? [`${name}-error`] : [])].join(' ');
  return `<div class="govuk-form-group${error ? ' govuk-form-group--error' : ''}">
  <label class="govuk-label govuk-label--s" for="${name}">${label}</label>
  ${hint ? `<div id="${name}-hint" class="govuk-hint">${hint}</div>` : ''}
  ${errorMessage(name, error)}
  <input class="govuk-input ${width}${error ? ' govuk-input--error' : ''}" id="${name}" name="${name}" type="text" spellcheck="false" autocomplete="off"${describedBy ? ` aria-describedby="${describedBy}"` : ''} value="${escapeHtml(notice.values?.[name] ?? '')}">
</div>`;
}

/** A table cell of HTML already escaped. */
export const tableCell = (html: string): string => `<td class="govuk-table__cell">${html}</td>`;

/**
 * A GOV.UK table in a scrolling region labelled by its caption; a heading of '' is hidden text (`hidden`) for
 * an action column.
 */
export function captionedTable(options: {
  id: string;
  caption: string;
  headings: (string | { hidden: string })[];
  rows: string;
}): string {
  const headings = options.headings
    .map((heading) =>
      typeof heading === 'string'
        ? `<th scope="col" class="govuk-table__header">${heading}</th>`
        : `<th scope="col" class="govuk-table__header"><span class="govuk-visually-hidden">${heading.hidden}</span></th>`,
    )
    .join('\n    ');
  return `<div class="app-table-container" role="region" aria-labelledby="${options.id}" tabindex="0">
<table class="govuk-table">
  <caption class="govuk-table__caption govuk-table__caption--m" id="${options.id}">${options.caption}</caption>
  <thead class="govuk-table__head"><tr class="govuk-table__row">
    ${headings}
  </tr></thead>
  <tbody class="govuk-table__body">${options.rows}</tbody>
</table>
</div>`;
}
