import {
  APPLICANT_PAGE_SIZES,
  APPLICATION_STATUS_FILTERS,
  DEFAULT_PAGE_SIZE,
  ORGANISATION_PAGE_SIZES,
  statusTag,
} from '@dis/domain';
import { use, useState } from 'react';
import { useSmallForm } from '../../lib/small-form';
import { lazySchemaResolver } from '../../lib/lazy-resolver';
import type * as FilterRulesModule from './filter-rules';
import { useTranslation } from '../../i18n/react';
import { useNavigate, useSearchParams } from '../../lib/router';
import { Button } from '../../components/button';
import { FilterPanel, SearchFilter } from '../../components/filter-panel';
import { Radios } from '../../components/radios';
import { Select } from '../../components/select';
import { useErrorText } from '../../i18n';
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

type FilterRules = typeof FilterRulesModule;

let loadedRules: FilterRules | undefined;
let loadingRules: Promise<FilterRules> | undefined;
let rulesForRender: Promise<FilterRules> | undefined;

/** The filter rules (zod and the domain's schema), fetched once on first need; a failed fetch is tried again. */
function loadFilterRules(): Promise<FilterRules> {
  loadingRules ??= import('./filter-rules').then(
    (rules) => (loadedRules = rules),
    (error: unknown) => {
      loadingRules = undefined;
      throw error;
    },
  );
  return loadingRules;
}

/**
 * The rules while drawing: a page whose address needs them waits for them (Suspense; the server's render waits
 * too). If they cannot be fetched the browser never takes the page over, so it stays the server's page, which
 * works as without JavaScript.
 */
function useFilterRules(): FilterRules {
  if (loadedRules) return loadedRules;
  rulesForRender ??= loadFilterRules().catch(() => new Promise<never>(() => undefined));
  return use(rulesForRender);
}

const SIZES_IN_ADDRESS: readonly number[] = [...APPLICANT_PAGE_SIZES, ...ORGANISATION_PAGE_SIZES];

/**
 * The list query of an address the filter rules certainly accept, without them: no text filter, a status from the
 * list, a page and a page size of plain digits (a page from 1, a size the rules allow). Anything else is left to
 * the rules (undefined); `plain-address.test.ts` holds this to the rules.
 */
export function plainListQuery(params: URLSearchParams): OrganisationListQuery | undefined {
  const blank = (key: string) => (params.get(key) ?? '').trim() === '';
  if (!blank('applicantName') || !blank('csgCode')) return undefined;
  const status = params.get('status') ?? '';
  if (!blank('status') && !(APPLICATION_STATUS_FILTERS as readonly string[]).includes(status))
    return undefined;
  const pageText = params.get('page') ?? '';
  const sizeText = params.get('pageSize') ?? '';
  if (pageText.trim() !== '' && !/^[1-9]\d{0,8}$/.test(pageText)) return undefined;
  if (sizeText.trim() !== '' && !(/^\d{1,4}$/.test(sizeText) && SIZES_IN_ADDRESS.includes(Number(sizeText))))
    return undefined;
  return {
    applicantName: '',
    csgCode: '',
    status: blank('status') ? '' : status,
    showOrganisationDisclosures: params.get('showOrganisationDisclosures') === 'false' ? 'false' : 'true',
    page: pageText.trim() === '' ? 1 : Number(pageText),
    pageSize: sizeText.trim() === '' ? DEFAULT_PAGE_SIZE : Number(sizeText),
  };
}

/** The list query from the address bar (see filter-rules.ts), by the rules only when the address needs them. */
export function useListQuery(params: URLSearchParams, defaultPageSize: number): OrganisationListQuery {
  const plain = plainListQuery(params);
  // eslint-disable-next-line react-hooks/rules-of-hooks -- `use` may be called conditionally
  return plain ?? useFilterRules().listQueryFrom(params, defaultPageSize);
}

/** What is wrong with the filters in the address, by field (message keys); none when the address is plain. */
function useFilterProblems(params: URLSearchParams): Record<string, string> {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- `use` may be called conditionally
  return plainListQuery(params) ? {} : useFilterRules().filterProblems(params);
}

/** Whether the list is narrowed by any filter (a name, a code, a status, or only the person's own). */
export function isFiltered(query: OrganisationListQuery): boolean {
  return FILTER_KEYS.some(
    (key) => query[key] !== '' && !(key === 'showOrganisationDisclosures' && query[key] === 'true'),
  );
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
  const problems = useFilterProblems(params);
  const refused = Object.keys(problems).length > 0;
  const [resolver] = useState(() =>
    lazySchemaResolver<FilterForm>(() => loadFilterRules().then((rules) => rules.applicationsFilterSchema)),
  );
  const form = useSmallForm<FilterForm>({
    resolver,
    defaultValues: {
      applicantName: refused ? (params.get('applicantName') ?? '') : query.applicantName,
      csgCode: refused ? (params.get('csgCode') ?? '') : query.csgCode,
      status: refused ? (params.get('status') ?? '') : query.status,
      showOrganisationDisclosures: query.showOrganisationDisclosures,
    },
  });
  const errors = form.formState.errors;
  const submitted = form.formState.isSubmitted;
  const fromAddress = (field: 'applicantName' | 'csgCode' | 'status') =>
    submitted ? undefined : problems[field];
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
  const form = useSmallForm<{ pageSize: string }>({ defaultValues: { pageSize: String(query.pageSize) } });
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
