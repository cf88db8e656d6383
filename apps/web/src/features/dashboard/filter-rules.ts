import { applicationsFilterSchema, ORGANISATION_PAGE_SIZES } from '@dis/domain';
import { issueKeys } from '../../lib/form-issues';
import type { OrganisationListQuery } from './organisation-filters';

// The applications list's filter rules (the domain's schema), fetched on demand in the browser
// (organisation-filters.tsx, decision 0071): only an address whose filters need checking, or the filter form's
// first validation, brings zod and the schema.

export { applicationsFilterSchema };

/** The list query from the address bar: anything the filter rules refuse falls back to its default. */
export function listQueryFrom(params: URLSearchParams, defaultPageSize: number): OrganisationListQuery {
  const read = (key: string) => params.get(key) ?? undefined;
  const parsed = applicationsFilterSchema.safeParse({
    applicantName: read('applicantName'),
    csgCode: read('csgCode'),
    status: read('status'),
    page: read('page'),
    pageSize: read('pageSize'),
  });
  const page = Number(params.get('page'));
  const size = Number(params.get('pageSize'));
  const data = parsed.success ? parsed.data : undefined;
  return {
    applicantName: data?.applicantName ?? '',
    csgCode: data?.csgCode ?? '',
    status: data?.status ?? '',
    showOrganisationDisclosures: params.get('showOrganisationDisclosures') === 'false' ? 'false' : 'true',
    page: data?.page ?? (Number.isInteger(page) && page >= 1 ? page : 1),
    pageSize:
      data?.pageSize ??
      ((ORGANISATION_PAGE_SIZES as readonly number[]).includes(size) ? size : defaultPageSize),
  };
}

export const FILTER_FIELDS = ['applicantName', 'csgCode', 'status'] as const;

/**
 * What is wrong with the filters in the address, by field (message keys): a search sent by the form without
 * JavaScript (a `method="get"` form) or a changed address is checked by the same rules as the form in the browser.
 */
export function filterProblems(params: URLSearchParams): Record<string, string> {
  const parsed = applicationsFilterSchema.safeParse(
    Object.fromEntries(FILTER_FIELDS.map((key) => [key, params.get(key) ?? undefined])),
  );
  return issueKeys(parsed.error?.issues ?? []);
}
