import {
  APPLICATION_STATUS_FILTERS,
  applicationsFilterSchema,
  ORGANISATION_PAGE_SIZES,
  statusTag,
} from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from '../../lib/forms';
import { useTranslation } from '../../i18n/react';
import { useNavigate, useSearchParams } from '../../lib/router';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { FilterPanel, SearchFilter } from '../../components/filter-panel';
import { Radios } from '../../components/radios';
import { Select } from '../../components/select';
import { useErrorText } from '../../i18n';
import { issueKeys } from '../../lib/form-issues';
import { errorFor } from '../../components/error-summary';

// The applications list's filter panel (document 1 section 2). The filters live in the address bar, so a
// reload, Back and a shared link all show the same list.

export interface OrganisationListQuery {
  applicantName: string;
  csgCode: string;
  status: string;
  /** "true" (the organisation's applications, the default) or "false" (my own). */
  showOrganisationDisclosures: 'true' | 'false';
  page: number;
  pageSize: number;
}

const FILTER_KEYS = ['applicantName', 'csgCode', 'status', 'showOrganisationDisclosures'] as const;

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

/** Query string of a list page; defaults and empty filters are left out. */
export function listHref(query: OrganisationListQuery, changes: Partial<OrganisationListQuery>): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = next[key];
    if (value && !(key === 'showOrganisationDisclosures' && value === 'true')) params.set(key, value);
  }
  if (next.page > 1) params.set('page', String(next.page));
  params.set('pageSize', String(next.pageSize));
  return `?${params.toString()}`;
}

const FILTER_FIELDS = ['applicantName', 'csgCode', 'status'] as const;

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

/** The fields of a list's address other than its page and page size, for a form sent without JavaScript. */
function keptFields(href: string, without: string[]): [string, string][] {
  return [...new URLSearchParams(href.replace(/^\?/, ''))].filter(([key]) => !without.includes(key));
}

type FilterForm = Pick<
  OrganisationListQuery,
  'applicantName' | 'csgCode' | 'status' | 'showOrganisationDisclosures'
>;

interface FiltersProps {
  query: OrganisationListQuery;
  csgCodeFilter: boolean;
}

export function OrganisationFilters({ query, csgCodeFilter }: FiltersProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  // Filters the rules refuse in the address: shown as entered, with their errors (the list ignores them).
  const [params] = useSearchParams();
  const problems = filterProblems(params);
  const refused = Object.keys(problems).length > 0;
  const form = useForm<FilterForm>({
    resolver: zodResolver(applicationsFilterSchema as unknown as z.ZodType<FilterForm, FilterForm>),
    defaultValues: {
      applicantName: refused ? (params.get('applicantName') ?? '') : query.applicantName,
      csgCode: refused ? (params.get('csgCode') ?? '') : query.csgCode,
      status: refused ? (params.get('status') ?? '') : query.status,
      showOrganisationDisclosures: query.showOrganisationDisclosures,
    },
    shouldFocusError: false,
  });
  const errors = form.formState.errors;
  const submitted = form.formState.isSubmitted;
  const fromAddress = (field: (typeof FILTER_FIELDS)[number]) => (submitted ? undefined : problems[field]);
  const nameError = errorText(errors.applicantName?.message ?? fromAddress('applicantName'));
  const codeError = errorText(
    errors.csgCode?.message ?? (csgCodeFilter ? fromAddress('csgCode') : undefined),
  );
  const statusError = errorText(errors.status?.message ?? fromAddress('status'));
  const summary = [
    ...errorFor('applicantName', nameError),
    ...errorFor('csgCode', codeError),
    ...errorFor('status', statusError),
  ];
  const onSubmit = () => {
    const values = form.getValues();
    void navigate(
      listHref(query, {
        applicantName: values.applicantName.trim(),
        csgCode: csgCodeFilter ? values.csgCode.trim() : '',
        status: values.status,
        showOrganisationDisclosures: values.showOrganisationDisclosures,
        page: 1,
      }),
    );
  };
  return (
    <FilterPanel
      label={t('dashboard.filters.label')}
      heading={t('dashboard.filters.heading')}
      errors={summary}
      submitText={t('dashboard.filters.apply')}
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <input type="hidden" name="pageSize" value={query.pageSize} />
      <Radios
        idPrefix="showOrganisationDisclosures"
        legend={t('dashboard.filters.whose')}
        legendSize="s"
        inline
        register={form.register('showOrganisationDisclosures')}
        items={[
          { value: 'true', label: t('dashboard.filters.organisation') },
          { value: 'false', label: t('dashboard.filters.own') },
        ]}
      />
      <SearchFilter
        field="applicantName"
        label={t('dashboard.filters.applicantName')}
        error={nameError}
        register={form.register('applicantName')}
      />
      {csgCodeFilter && (
        <SearchFilter
          field="csgCode"
          label={t('dashboard.filters.csgCode')}
          error={codeError}
          register={form.register('csgCode')}
        />
      )}
      <Select
        id="status"
        label={t('dashboard.filters.status')}
        error={statusError}
        register={form.register('status')}
        items={[
          { value: '', text: t('dashboard.filters.anyStatus') },
          ...APPLICATION_STATUS_FILTERS.map((status) => ({
            value: status,
            text: statusTag(status, 'organisation').text,
          })),
        ]}
      />
    </FilterPanel>
  );
}

/**
 * Results per page (a small form, so changing the choice alone never reloads the list under the user).
 * The organisation list keeps its filters in the address; the applicant list passes its own sizes and
 * address.
 */
export function PageSizeSelector({
  query,
  sizes = ORGANISATION_PAGE_SIZES,
  hrefFor,
}: {
  query: Pick<OrganisationListQuery, 'pageSize'> & Partial<OrganisationListQuery>;
  sizes?: readonly number[];
  hrefFor?: (pageSize: number) => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<{ pageSize: string }>({ defaultValues: { pageSize: String(query.pageSize) } });
  // Sent without JavaScript, the form keeps the list's filters (the first page of the new size).
  const kept = hrefFor ? [] : keptFields(listHref(query as OrganisationListQuery, { page: 1 }), ['pageSize']);
  return (
    <form
      noValidate
      method="get"
      className="app-page-size"
      onSubmit={form.handleSubmit((values) => {
        const pageSize = Number(values.pageSize);
        void navigate(
          hrefFor ? hrefFor(pageSize) : listHref(query as OrganisationListQuery, { pageSize, page: 1 }),
        );
      })}
    >
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Select
        id="pageSize"
        label={t('dashboard.pageSize')}
        register={form.register('pageSize')}
        items={sizes.map((size) => ({ value: String(size), text: String(size) }))}
      />
      <Button variant="secondary">{t('dashboard.pageSizeApply')}</Button>
    </form>
  );
}
