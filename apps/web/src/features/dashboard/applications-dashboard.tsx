import {
  APPLICANT_PAGE_SIZE_SELECTOR_THRESHOLD,
  APPLICANT_PAGE_SIZES,
  APPLICATION_TYPES,
  DEFAULT_FEATURE_FLAGS,
  DEFAULT_PAGE_SIZE,
  ORGANISATION_PAGE_SIZE_SELECTOR_THRESHOLD,
  applicantRowPath,
  canStartNewApplication,
  daysLeftText,
  isApplicationStatus,
  isApplicationTypeCode,
  organisationRowPath,
  showsDaysLeft,
  startableTypesFor,
  statusTag,
  type TagAudience,
} from '@dis/domain';
import type {
  applicantApplicationsContract,
  organisationApplicationsContract,
  ResponseOf,
} from '@dis/domain/contracts';
import { keepPreviousData, useQuery } from '../../lib/query';
import { useTranslation } from '../../i18n/react';
import { Link, useLocation, useSearchParams } from '../../lib/router';
import { LinkButton } from '../../components/button';
import { Table, Tag } from '../../components/content';
import { LoadingPage } from '../../components/loading-page';
import { NotificationBanner } from '../../components/notification-banner';
import { usePageTitle } from '../../components/page-title';
import { ListPosition, pageFromParams } from '../../components/pagination';
import { useConfig, useFeatureFlags } from '../../lib/config';
import { callEndpoint, endpointRoute } from '../../lib/endpoint-client';
import { NOTICES, noticeOf } from '../../lib/notices';
import { useUser } from '../../lib/session';
import {
  isFiltered,
  listHref,
  OrganisationFilters,
  PageSizeSelector,
  useListQuery,
} from './organisation-filters';
import { ApplicantResultsSection, BasicApplicationsSection } from './applicant-sections';
import { Column } from '../../components/column';

export type ApplicationSummaries = ResponseOf<typeof organisationApplicationsContract>;
export type ApplicationSummary = ApplicationSummaries['summaries'][number];

// The contracts are imported as types only (their routes written here, checked by the compiler), so their zod
// schemas stay out of the dashboard's first load (decision 0071).
const organisationApplicationsRoute = endpointRoute<typeof organisationApplicationsContract>({
  method: 'GET',
  path: '/ags/disclosure-summaries',
});
const applicantApplicationsRoute = endpointRoute<typeof applicantApplicationsContract>({
  method: 'GET',
  path: '/api/draftApplications/applicant-applications-summary',
});

/** Where each side starts a new application. */
const START_PATHS: Record<TagAudience, string> = {
  applicant: '/select-application',
  organisation: '/csg-apply/select-application-type',
};

/** The applicant list's page size: one of 5, 10, 20, 30 from the address, else the smallest. */
export function applicantPageSizeFrom(params: URLSearchParams): number {
  const size = Number(params.get('pageSize'));
  return (APPLICANT_PAGE_SIZES as readonly number[]).includes(size) ? size : APPLICANT_PAGE_SIZES[0];
}

function applicantListHref(page: number, pageSize: number): string {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  if (pageSize !== APPLICANT_PAGE_SIZES[0]) params.set('pageSize', String(pageSize));
  const text = params.toString();
  return text ? `?${text}` : '?';
}

/** Document 2 section 2: the page-size selector appears when the applicant has more than 5 applications. */
export function showsApplicantPageSizeSelector(total: number): boolean {
  return total > APPLICANT_PAGE_SIZE_SELECTOR_THRESHOLD;
}

function StatusCell({ row, audience }: { row: ApplicationSummary; audience: TagAudience }) {
  const { t } = useTranslation();
  if (!isApplicationStatus(row.status)) return <>{row.status}</>;
  const tag = statusTag(row.status, audience);
  return (
    <>
      <Tag colour={tag.colour}>{tag.text}</Tag>
      {showsDaysLeft(row.status) && row.daysRemaining !== null && (
        <span className="govuk-body-s app-days-left">{daysLeftText(row.daysRemaining, row.status)}</span>
      )}
      {!tag.text && t('common.notProvided')}
    </>
  );
}

/** The list the page shows: from the address bar (the organisation's filters and page size, or the applicant's page). */
function useApplicationList(audience: TagAudience, params: URLSearchParams, csgCodeFilter: boolean) {
  const organisation = audience === 'organisation';
  // The organisation list has filters and a page size in the address bar; the applicant list pages only.
  const query = useListQuery(params, DEFAULT_PAGE_SIZE);
  const page = organisation ? query.page : pageFromParams(params);
  const pageSize = organisation ? query.pageSize : applicantPageSizeFrom(params);
  const requestQuery = organisation
    ? {
        applicantName: query.applicantName,
        csgCode: csgCodeFilter ? query.csgCode : '',
        status: query.status,
        showOrganisationDisclosures: query.showOrganisationDisclosures,
        page,
        pageSize,
      }
    : { page, pageSize };
  const list = useQuery({
    queryKey: ['applications', audience, requestQuery],
    queryFn: (): Promise<ApplicationSummaries> =>
      organisation
        ? callEndpoint(organisationApplicationsRoute, { query: requestQuery })
        : callEndpoint(applicantApplicationsRoute, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
  return { query, page, pageSize, list };
}

/** The applications in a GOV.UK table; rows link where the domain says. */
function ApplicationsTable({ rows, audience }: { rows: ApplicationSummary[]; audience: TagAudience }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const orgCode = user?.countersignatoryDetails?.organisationCode ?? '';
  const hrefFor = (row: ApplicationSummary): string | null => {
    if (!isApplicationStatus(row.status)) return null;
    if (audience === 'organisation')
      return organisationRowPath({ id: row.id, status: row.status, resultId: row.resultId ?? null, orgCode });
    if (!row.type || !isApplicationTypeCode(row.type)) return null;
    return applicantRowPath({
      id: row.id,
      status: row.status,
      type: row.type,
      resultId: row.resultId ?? null,
      resultType: row.resultType && isApplicationTypeCode(row.resultType) ? row.resultType : null,
      organisationInitiated: Boolean(row.organisationName),
      onlinePaymentType: row.onlinePaymentType ?? null,
    });
  };
  const columns = [
    { key: 'reference', header: t('dashboard.reference') },
    ...(audience === 'organisation' ? [{ key: 'applicantName', header: t('dashboard.applicantName') }] : []),
    { key: 'type', header: t('dashboard.type') },
    ...(audience === 'applicant' ? [{ key: 'organisation', header: t('dashboard.organisation') }] : []),
    { key: 'status', header: t('dashboard.status') },
  ];
  return (
    <Table
      caption={audience === 'organisation' ? t('dashboard.captionOrganisation') : t('dashboard.caption')}
      captionSize="m"
      firstCellIsHeader
      columns={columns}
      rows={rows.map((row, index) => {
        const href = hrefFor(row);
        const reference = row.reference ?? t('common.notProvided');
        return {
          key: row.id ?? `row-${index}`,
          cells: {
            reference: href ? (
              <Link className="govuk-link" to={href}>
                {reference}
              </Link>
            ) : (
              reference
            ),
            applicantName: row.applicantName ?? '',
            type:
              row.type && isApplicationTypeCode(row.type) ? APPLICATION_TYPES[row.type] : (row.type ?? ''),
            organisation: row.organisationName ?? '',
            status: <StatusCell row={row} audience={audience} />,
          },
        };
      })}
    />
  );
}

/** The start and upload buttons the person may use. */
function StartButtons({ audience }: { audience: TagAudience }) {
  const { t } = useTranslation();
  const flags = useFeatureFlags();
  const { data: user } = useUser();
  const roles = user?.roles ?? [];
  const organisation = audience === 'organisation';
  const canStart = organisation
    ? canStartNewApplication(roles, flags)
    : startableTypesFor(roles, flags).length > 0;
  if (!canStart && !(organisation && flags.b2bBatchUpload)) return null;
  return (
    <div className="govuk-button-group">
      {canStart && <LinkButton href={START_PATHS[audience]}>{t('dashboard.start')}</LinkButton>}
      {organisation && flags.b2bBatchUpload && (
        <LinkButton href="/b2b/csv-upload" variant="secondary">
          {t('dashboard.uploadCsv')}
        </LinkButton>
      )}
    </div>
  );
}

/** The signed-in user's applications, from the API, in a GOV.UK table with its position and page size. */
export function ApplicationsDashboard({ audience }: { audience: TagAudience }) {
  const { t } = useTranslation();
  const title = audience === 'organisation' ? t('dashboard.csgTitle') : t('dashboard.title');
  usePageTitle(title);
  const [params] = useSearchParams();
  const notice = noticeOf(useLocation().state);
  const flags = useFeatureFlags();
  const organisation = audience === 'organisation';
  const { query, page, pageSize, list } = useApplicationList(audience, params, flags.csgCodeFilter);
  const total = list.data?.totalElements ?? 0;
  const rows = list.data?.summaries ?? [];

  return (
    <>
      <Column>
        <h1 className="govuk-heading-l">{title}</h1>
      </Column>
      {notice === NOTICES.basicResultEnded && (
        <NotificationBanner heading={t('dashboard.basicResultEnded')} />
      )}
      <StartButtons audience={audience} />
      {organisation && (
        <OrganisationFilters key={params.toString()} query={query} csgCodeFilter={flags.csgCodeFilter} />
      )}
      {list.isPending && <LoadingPage />}
      {list.isError && <NotificationBanner type="error" heading={t('dashboard.error')} />}
      {list.isSuccess && total === 0 && organisation && isFiltered(query) && (
        // The organisation has applications, or may have: none match what was asked for.
        <p className="govuk-body">{t('dashboard.noMatch')}</p>
      )}
      {list.isSuccess && total === 0 && !(organisation && isFiltered(query)) && (
        <>
          <h2 className="govuk-heading-m">{t('dashboard.emptyHeading')}</h2>
          <p className="govuk-body">
            {audience === 'organisation' ? t('dashboard.emptyOrganisation') : t('dashboard.emptyApplicant')}
          </p>
        </>
      )}
      {list.isSuccess && total > 0 && (
        <>
          {rows.length > 0 ? (
            <ApplicationsTable rows={rows} audience={audience} />
          ) : (
            // A page past the last (an old link, or a page number typed in the address).
            <p className="govuk-body">{t('dashboard.pastTheEnd')}</p>
          )}
          <ListPosition
            page={page}
            pageSize={pageSize}
            list={list.data}
            textKey="dashboard"
            hrefFor={(target) =>
              organisation ? listHref(query, { page: target }) : applicantListHref(target, pageSize)
            }
          />
          {organisation && total > ORGANISATION_PAGE_SIZE_SELECTOR_THRESHOLD && (
            <PageSizeSelector key={pageSize} query={query} />
          )}
          {!organisation && showsApplicantPageSizeSelector(total) && (
            <PageSizeSelector
              key={pageSize}
              query={{ pageSize }}
              sizes={APPLICANT_PAGE_SIZES}
              hrefFor={(size) => applicantListHref(1, size)}
            />
          )}
        </>
      )}
    </>
  );
}

/**
 * /applicant/dashboard: with the enhanced applicant dashboard, the applications and then the results summary and
 * Basic disclosures (document 2 section 2); with it off, the results summary and Basic disclosures alone, as the
 * organisations' dashboard without its enhancement is their results summary (decision 0052).
 */
export function ApplicantDashboardPage() {
  const config = useConfig();
  const { data: user } = useUser();
  // Which page this is depends on the flag: nothing is asked for until the configuration says.
  if (config.isPending) return <LoadingPage />;
  if (!(config.data?.features ?? DEFAULT_FEATURE_FLAGS).enhancedDashboardApplicant)
    return <ApplicantResultsDashboard />;
  return (
    <>
      <ApplicationsDashboard audience="applicant" />
      <ApplicantResultsSection user={user} />
      <BasicApplicationsSection user={user} />
    </>
  );
}

/** The applicant's dashboard without the enhancement: their results and Basic disclosures (decision 0052). */
function ApplicantResultsDashboard() {
  const { t } = useTranslation();
  const title = t('applicantDashboard.resultsTitle');
  usePageTitle(title);
  const { data: user } = useUser();
  const flags = useFeatureFlags();
  const notice = noticeOf(useLocation().state);
  const canStart = startableTypesFor(user?.roles ?? [], flags).length > 0;
  return (
    <>
      <Column>
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">{t('applicantDashboard.resultsIntro')}</p>
      </Column>
      {notice === NOTICES.basicResultEnded && (
        <NotificationBanner heading={t('dashboard.basicResultEnded')} />
      )}
      {canStart && (
        <div className="govuk-button-group">
          <LinkButton href="/select-application">{t('dashboard.start')}</LinkButton>
        </div>
      )}
      <ApplicantResultsSection user={user} />
      <BasicApplicationsSection user={user} />
    </>
  );
}

export function OrganisationDashboardPage() {
  return <ApplicationsDashboard audience="organisation" />;
}
