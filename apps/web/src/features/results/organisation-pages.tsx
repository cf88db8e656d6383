import {
  RESULTS_VIEWS,
  canStartNewApplication,
  DEFAULT_PAGE_SIZE,
  VIEWED_STATUSES,
  isApplicationStatus,
  organisationResultPath,
  organisationRowPath,
  parseDisplayDate,
  resultsFilterFormSchema,
  statusTag,
  toIsoDate,
} from '@dis/domain';
import { type QueryOf, type organisationResultsSummaryContract } from '@dis/domain/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '../../lib/query';
import { useEffect } from 'react';
import { useForm } from '../../lib/forms';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useParams, useSearchParams } from '../../lib/router';
import type { z } from 'zod';
import { BackLink } from '../../components/back-link';
import { LinkButton } from '../../components/button';
import { Table, Tag } from '../../components/content';
import { FilterPanel, SearchFilter } from '../../components/filter-panel';
import { Input } from '../../components/input';
import { LoadingPage } from '../../components/loading-page';
import { NotificationBanner } from '../../components/notification-banner';
import { ListPosition, Pagination, pageFromParams } from '../../components/pagination';
import { usePageTitle } from '../../components/page-title';
import { Radios } from '../../components/radios';
import { Select } from '../../components/select';
import { useErrorText } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { useFeatureFlags } from '../../lib/config';
import { formatLongDate } from '../../lib/format';
import { issueKeys } from '../../lib/form-issues';
import { useUser } from '../../lib/session';
import { NotFoundPage } from '../../components/not-found-page';
import { backendCodeOf, statusOf, useOrganisationResult, useOrganisationResults } from './api';
import { ResultDetails } from '../../components/result-details';
import { YesNoForm } from './yes-no-form';
import { Column } from '../../components/column';

// The organisation's side of results (spec 01 sections 2 to 7): the results summary with its search
// panel, the view confirmation and the organisation result.

const FILTERS = ['viewCsg', 'applicantName', 'csgCode', 'viewedStatus', 'dateOfIssue'] as const;
type FilterKey = (typeof FILTERS)[number];
type FilterForm = Record<FilterKey, string>;

/** The search panel's answers as they stand in the address bar ("organisation results" by default). */
export function filtersFrom(params: URLSearchParams): FilterForm {
  const read = (key: FilterKey) => params.get(key)?.trim() ?? '';
  const view = read('viewCsg');
  return {
    viewCsg: (RESULTS_VIEWS as readonly string[]).includes(view) ? view : 'ORGANISATION',
    applicantName: read('applicantName'),
    csgCode: read('csgCode'),
    viewedStatus: read('viewedStatus'),
    dateOfIssue: read('dateOfIssue'),
  };
}

/** Whether the search narrows the results (any field given, or a view other than the organisation's). */
export function isSearch(filters: FilterForm): boolean {
  return (
    filters.viewCsg !== 'ORGANISATION' ||
    [filters.applicantName, filters.csgCode, filters.viewedStatus, filters.dateOfIssue].some((v) => v !== '')
  );
}

/**
 * What is wrong with the search in the address, by field (message keys): a search sent by the panel without
 * JavaScript (a `method="get"` form) is checked by the same rules as the panel in the browser.
 */
export function searchProblems(params: URLSearchParams): Record<string, string> {
  const entered = Object.fromEntries(FILTERS.map((key) => [key, params.get(key) ?? undefined]));
  const parsed = resultsFilterFormSchema().safeParse(entered);
  return issueKeys(parsed.error?.issues ?? []);
}

/**
 * The results-summary query: empty filters dropped, the date of issue sent as YYYY-MM-DD (a date that is
 * not one is sent as typed, so the server's field error is shown), "my results" sends the user id.
 */
export function summaryQueryFrom(
  filters: FilterForm,
  userId: string,
  page = 1,
): QueryOf<typeof organisationResultsSummaryContract> {
  const date = filters.dateOfIssue ? parseDisplayDate(filters.dateOfIssue) : undefined;
  const query: Record<string, string | undefined> = {
    applicantName: filters.applicantName || undefined,
    csgCode: filters.csgCode || undefined,
    viewedStatus: filters.viewedStatus || undefined,
    dateOfIssue: date ? toIsoDate(date) : filters.dateOfIssue || undefined,
    userId: filters.viewCsg === 'MINE' ? userId : undefined,
    page: page > 1 ? String(page) : undefined,
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

/** The page's address for these filters; a new search starts again at page 1. */
function hrefFor(filters: FilterForm, page = 1): string {
  const params = new URLSearchParams();
  for (const key of FILTERS) {
    const value = filters[key].trim();
    if (value && !(key === 'viewCsg' && value === 'ORGANISATION')) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '?';
}

function SearchPanel({
  filters,
  serverErrors,
}: {
  filters: FilterForm;
  serverErrors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const form = useForm<FilterForm>({
    resolver: zodResolver(resultsFilterFormSchema() as unknown as z.ZodType<FilterForm, FilterForm>),
    defaultValues: filters,
    shouldFocusError: false,
  });
  const errors = form.formState.errors;
  const messageFor = (key: FilterKey) => errorText(errors[key]?.message ?? serverErrors[key]);
  const summary = FILTERS.flatMap((key) => {
    const text = messageFor(key);
    return text ? [{ href: `#${key}`, text }] : [];
  });
  return (
    <FilterPanel
      label={t('resultsSummary.filters.label')}
      heading={t('resultsSummary.filters.heading')}
      errors={summary}
      submitText={t('resultsSummary.filters.search')}
      onSubmit={form.handleSubmit(() => void navigate(hrefFor(form.getValues())))}
    >
      <Radios
        legend={t('resultsSummary.filters.viewCsg')}
        legendSize="s"
        inline
        error={messageFor('viewCsg')}
        register={form.register('viewCsg')}
        items={[
          { value: 'MINE', label: t('resultsSummary.filters.mine') },
          { value: 'ORGANISATION', label: t('resultsSummary.filters.organisation') },
        ]}
      />
      <SearchFilter
        field="applicantName"
        label={t('resultsSummary.filters.applicantName')}
        error={messageFor('applicantName')}
        register={form.register('applicantName')}
      />
      <SearchFilter
        field="csgCode"
        label={t('resultsSummary.filters.csgCode')}
        error={messageFor('csgCode')}
        register={form.register('csgCode')}
      />
      <Select
        id="viewedStatus"
        label={t('resultsSummary.filters.viewedStatus')}
        error={messageFor('viewedStatus')}
        register={form.register('viewedStatus')}
        items={[
          { value: '', text: t('resultsSummary.filters.anyViewedStatus') },
          ...VIEWED_STATUSES.map((status) => ({
            value: status,
            text:
              status === 'VIEWED'
                ? t('resultsSummary.filters.viewed')
                : t('resultsSummary.filters.notViewed'),
          })),
        ]}
      />
      <Input
        id="dateOfIssue"
        label={t('resultsSummary.filters.dateOfIssue')}
        hint={t('resultsSummary.filters.dateOfIssueHint')}
        error={messageFor('dateOfIssue')}
        register={form.register('dateOfIssue')}
        width="10"
        autoComplete="off"
        spellCheck={false}
      />
    </FilterPanel>
  );
}

/** /results-summary: results released to the organisation, with the search panel (declaration-protected). */
export function ResultsSummaryPage() {
  const { t } = useTranslation();
  const title = t('resultsSummary.title');
  usePageTitle(title);
  const [params] = useSearchParams();
  const flags = useFeatureFlags();
  const { data: user } = useUser();
  const orgCode = user?.countersignatoryDetails?.organisationCode ?? '';
  const filters = filtersFrom(params);
  const page = pageFromParams(params);
  const list = useOrganisationResults(
    orgCode,
    summaryQueryFrom(filters, user?.id ?? '', page),
    Boolean(orgCode),
  );
  const error = list.error;
  const empty = !orgCode || backendCodeOf(error) === 'COUNTERSIGNATORY_EMPTY';
  const serverErrors = (error instanceof ApiError && error.status === 400 && error.fieldErrors) || {};
  // A search the panel's rules refuse (sent without JavaScript): its problems, as the panel would show them.
  const panelErrors = { ...serverErrors, ...searchProblems(params) };
  const rows = list.data?.summaries ?? [];
  const total = list.data?.totalElements ?? 0;
  const pageSize = DEFAULT_PAGE_SIZE;

  return (
    <>
      <Column>
        <h1 className="govuk-heading-l">{title}</h1>
      </Column>
      {empty ? (
        <NotificationBanner type="error" heading={t('resultsSummary.countersignatoryEmpty')} />
      ) : (
        <>
          {canStartNewApplication(user?.roles ?? [], flags) && (
            <LinkButton href="/csg-apply/select-application-type">{t('dashboard.start')}</LinkButton>
          )}
          <SearchPanel key={params.toString()} filters={filters} serverErrors={panelErrors} />
          {list.isPending && <LoadingPage />}
          {list.isError && Object.keys(serverErrors).length === 0 && (
            <NotificationBanner type="error" heading={t('resultsSummary.error')} />
          )}
          {list.isSuccess && total === 0 && (
            <p className="govuk-body">
              {isSearch(filters) ? t('resultsSummary.empty') : t('resultsSummary.none')}
            </p>
          )}
          {list.isSuccess && total > 0 && rows.length === 0 && (
            <>
              <p className="govuk-body">{t('resultsSummary.pastTheEnd')}</p>
              <Pagination
                page={page}
                totalPages={Math.ceil(total / pageSize)}
                hrefFor={(target) => hrefFor(filters, target)}
              />
            </>
          )}
          {list.isSuccess && rows.length > 0 && (
            <>
              <Table
                caption={t('resultsSummary.caption')}
                captionSize="m"
                firstCellIsHeader
                columns={[
                  { key: 'name', header: t('resultsSummary.columns.name') },
                  { key: 'applicationReference', header: t('resultsSummary.columns.applicationReference') },
                  {
                    key: 'schemeMembershipNumber',
                    header: t('resultsSummary.columns.schemeMembershipNumber'),
                  },
                  { key: 'dateOfIssue', header: t('resultsSummary.columns.dateOfIssue') },
                  { key: 'csgCode', header: t('resultsSummary.columns.csgCode') },
                  { key: 'viewedStatus', header: t('resultsSummary.columns.viewedStatus') },
                ]}
                rows={rows.map((row) => {
                  const status = isApplicationStatus(row.status) ? row.status : 'RESULT_READY';
                  const href = organisationRowPath({ id: row.resultId, status, orgCode });
                  const tag = statusTag(status, 'organisation');
                  return {
                    key: row.resultId,
                    cells: {
                      name: href ? (
                        <Link className="govuk-link" to={href}>
                          {row.name}
                        </Link>
                      ) : (
                        row.name
                      ),
                      applicationReference: row.applicationReference,
                      schemeMembershipNumber: row.schemeMembershipNumber ?? '',
                      dateOfIssue: formatLongDate(row.dateOfIssue),
                      csgCode: row.csgCode ?? '',
                      viewedStatus: <Tag colour={tag.colour}>{tag.text}</Tag>,
                    },
                  };
                })}
              />
              <ListPosition
                page={page}
                pageSize={pageSize}
                list={list.data}
                textKey="resultsSummary"
                hrefFor={(target) => hrefFor(filters, target)}
              />
            </>
          )}
        </>
      )}
    </>
  );
}

/** /view-result-confirmation?resultId=: the countersignatory confirms they are entitled to view it. */
export function ViewResultConfirmationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const resultId = params.get('resultId') ?? '';
  const { data: user } = useUser();
  const orgCode = user?.countersignatoryDetails?.organisationCode ?? '';
  usePageTitle(t('viewResultConfirmation.title'));
  if (!resultId || !orgCode) return <NotFoundPage />;
  return (
    <>
      <BackLink to="/dashboard" text={t('common.back')} />
      <Column>
        <YesNoForm
          loadSchema={() => import('./validation').then((m) => m.viewResultConfirmationFormSchema)}
          name="viewResult"
          legend={t('viewResultConfirmation.title')}
          legendIsHeading
          hint={t('viewResultConfirmation.hint')}
          submitText={t('viewResultConfirmation.continue')}
          onAnswer={(yes) => void navigate(yes ? organisationResultPath(orgCode, resultId) : '/dashboard')}
        />
      </Column>
    </>
  );
}

/** /organisation/{orgCode}/results/{resultId}: a result released to the organisation; the view is recorded. */
export function OrganisationResultPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { orgCode = '', resultId = '' } = useParams();
  const query = useOrganisationResult(orgCode, resultId);
  const result = query.data;
  usePageTitle(result ? t('results.organisationTitle', { name: result.name }) : t('results.title'));
  const viewed = query.isSuccess;
  useEffect(() => {
    // The server recorded the view: the lists show the row "Viewed" next time.
    if (viewed) {
      void client.invalidateQueries({ queryKey: ['organisation-results'] });
      void client.invalidateQueries({ queryKey: ['applications'] });
    }
  }, [viewed, client]);

  if (query.isPending) return <LoadingPage />;
  if (query.isError) {
    if (statusOf(query.error) === 404 || statusOf(query.error) === 403) return <NotFoundPage />;
    throw query.error;
  }
  return (
    <>
      <BackLink to="/dashboard" text={t('results.backToResults')} />
      <Column>
        <h1 className="govuk-heading-l">{t('results.organisationTitle', { name: query.data.name })}</h1>
      </Column>
      <ResultDetails result={query.data} />
    </>
  );
}
