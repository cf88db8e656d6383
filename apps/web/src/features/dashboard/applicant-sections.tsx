import {
  applicantResultPath,
  basicStatusTag,
  formatPence,
  isIdentityVerified,
  statusTag,
  type Role,
} from '@dis/domain';
import type {
  applicantBasicApplicationsContract,
  applicantResultsSummaryContract,
} from '@dis/domain/contracts';
import { useQuery } from '../../lib/query';
import { useTranslation } from '../../i18n/react';
import { Link } from '../../lib/router';
import { Table, Tag } from '../../components/content';
import { LoadingPage } from '../../components/loading-page';
import { NotificationBanner } from '../../components/notification-banner';
import { callEndpoint, endpointRoute } from '../../lib/endpoint-client';
import { formatLongDate } from '../../lib/format';
import type { SignedInUser } from '../../lib/session';

// What each section reads. The contracts are imported as types only, so their zod schemas stay out of the
// dashboard's first load (0071).
const sectionRoutes = {
  results: endpointRoute<typeof applicantResultsSummaryContract>({
    method: 'GET',
    path: '/api/applicant-results-summary',
  }),
  basic: endpointRoute<typeof applicantBasicApplicationsContract>({
    method: 'GET',
    path: '/api/basic-applications',
  }),
};

/** Results and Basic disclosures are APPLICANT and APPLICANT_BASIC's (spec 02 sections 2 and 6). */
const RESULT_ROLES: readonly Role[] = ['APPLICANT', 'APPLICANT_BASIC'];
const mayHaveResults = (user: SignedInUser | null | undefined) =>
  Boolean(user?.roles.some((role) => RESULT_ROLES.includes(role)));

/** The id of the dashboard's Basic disclosures section: the basic sign-in lands on it (decision 0052). */
export const BASIC_APPLICATIONS_ANCHOR = 'basic-applications';

/**
 * The applicant's results summary (GET /api/applicant-results-summary, spec 02 sections 3 and 7): name,
 * application reference (opening the result), scheme membership number, date of issue and status. Results need
 * a verified identity: without one the section says so instead of asking.
 */
export function ApplicantResultsSection({ user }: { user: SignedInUser | null | undefined }) {
  const { t } = useTranslation();
  const allowed = mayHaveResults(user);
  const verified = isIdentityVerified(user?.assuranceLevel);
  const summary = useQuery({
    queryKey: ['applicant-results-summary'],
    queryFn: () => callEndpoint(sectionRoutes.results),
    enabled: allowed && verified,
  });
  if (!allowed) return null;
  return (
    <section>
      <h2 className="govuk-heading-m" id="your-results">
        {t('applicantDashboard.results.heading')}
      </h2>
      {!verified && <p className="govuk-body">{t('applicantDashboard.results.unverified')}</p>}
      {verified && summary.isPending && <LoadingPage />}
      {summary.isError && <NotificationBanner type="error" heading={t('applicantDashboard.results.error')} />}
      {summary.isSuccess && summary.data.totalElements === 0 && (
        <p className="govuk-body">{t('applicantDashboard.results.empty')}</p>
      )}
      {summary.isSuccess && summary.data.totalElements > 0 && (
        <Table
          caption={t('applicantDashboard.results.caption')}
          captionHidden
          firstCellIsHeader
          columns={[
            {
              key: 'applicationReference',
              header: t('applicantDashboard.results.columns.applicationReference'),
            },
            { key: 'name', header: t('applicantDashboard.results.columns.name') },
            {
              key: 'schemeMembershipNumber',
              header: t('applicantDashboard.results.columns.schemeMembershipNumber'),
            },
            { key: 'dateOfIssue', header: t('applicantDashboard.results.columns.dateOfIssue') },
            { key: 'status', header: t('applicantDashboard.results.columns.status') },
          ]}
          rows={summary.data.summaries.map((row) => {
            const tag = statusTag(row.status, 'applicant');
            return {
              key: row.resultId,
              cells: {
                applicationReference: (
                  <Link
                    className="govuk-link"
                    to={applicantResultPath(row.resultId, row.disclosureTypeShortCode)}
                  >
                    {row.applicationReference}
                  </Link>
                ),
                name: row.name,
                schemeMembershipNumber:
                  row.schemeMembershipNumber ?? t('applicantDashboard.results.noMembershipNumber'),
                dateOfIssue: formatLongDate(row.dateOfIssue),
                status: <Tag colour={tag.colour}>{tag.text}</Tag>,
              },
            };
          })}
        />
      )}
    </section>
  );
}

/** The applicant's Basic disclosures (decision 0052): each with its Basic status and fee. */
export function BasicApplicationsSection({ user }: { user: SignedInUser | null | undefined }) {
  const { t } = useTranslation();
  const allowed = mayHaveResults(user);
  const list = useQuery({
    queryKey: ['basic-applications'],
    queryFn: () => callEndpoint(sectionRoutes.basic),
    enabled: allowed,
  });
  if (!allowed) return null;
  return (
    <section>
      <h2 className="govuk-heading-m" id={BASIC_APPLICATIONS_ANCHOR} tabIndex={-1}>
        {t('applicantDashboard.basic.heading')}
      </h2>
      {list.isPending && <LoadingPage />}
      {list.isError && <NotificationBanner type="error" heading={t('applicantDashboard.basic.error')} />}
      {list.isSuccess && list.data.applications.length === 0 && (
        <p className="govuk-body">{t('applicantDashboard.basic.empty')}</p>
      )}
      {list.isSuccess && list.data.applications.length > 0 && (
        <Table
          caption={t('applicantDashboard.basic.caption')}
          captionHidden
          firstCellIsHeader
          columns={[
            { key: 'appId', header: t('applicantDashboard.basic.columns.appId') },
            { key: 'receivedOn', header: t('applicantDashboard.basic.columns.receivedOn') },
            { key: 'fee', header: t('applicantDashboard.basic.columns.fee') },
            { key: 'status', header: t('applicantDashboard.basic.columns.status') },
          ]}
          rows={list.data.applications.map((row) => {
            const tag = basicStatusTag(row.status);
            return {
              key: row.appId,
              cells: {
                appId: (
                  <Link className="govuk-link" to={`/basic-applications/${encodeURIComponent(row.appId)}`}>
                    {row.appId}
                  </Link>
                ),
                receivedOn: formatLongDate(row.receivedOn),
                fee: formatPence(row.feePence),
                status: <Tag colour={tag.colour}>{tag.text}</Tag>,
              },
            };
          })}
        />
      )}
    </section>
  );
}
