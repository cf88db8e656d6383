import { resultChecksContract, type ResponseOf } from '@dis/domain/contracts';
import { useQuery } from '../../lib/query';
import { useTranslation } from '../../i18n/react';
import { Link, useSearchParams } from '../../lib/router';
import { columnsOf, Table, Tag, type TagColour } from '../../components/content';
import { NotificationBanner } from '../../components/notification-banner';
import { callEndpoint } from '../../lib/endpoint-client';
import { formatDateAtTime } from '../../lib/format';

// "Who can see my result": the check codes of the result's copies (the applicant's print, each recipient's view)
// and every check made with one, when and what it showed; a code can be withdrawn (decision 0051). A section of
// its own beside the shares.

type Checks = ResponseOf<typeof resultChecksContract>;
type CopyStatus = Checks['copies'][number]['status'];

const COLOURS: Record<CopyStatus, TagColour> = { CURRENT: 'green', WITHDRAWN: 'grey', REPLACED: 'orange' };

export function ResultChecksSection({ resultId }: { resultId: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const checks = useQuery({
    queryKey: ['result-checks', resultId],
    queryFn: () => callEndpoint(resultChecksContract, { params: { id: resultId } }),
    enabled: Boolean(resultId),
    retry: false,
  });
  if (!checks.data) return null;
  const { copies } = checks.data;
  const copyName = (copy: Checks['copies'][number]) =>
    copy.copy === 'APPLICANT' ? t('resultChecks.copy.applicant') : t('resultChecks.copy.recipient');
  const heading = (key: string) => t(`resultChecks.section.${key}`);
  const names = new Map(copies.map((copy) => [copy.copyId, copyName(copy)]));
  const withdrawn = copies.find((copy) => copy.copyId === search.get('withdrawnCode'));
  return (
    <section aria-labelledby="result-checks-heading" id="result-checks">
      {withdrawn && (
        <NotificationBanner type="success" heading={t('resultChecks.section.withdrawnBanner')}>
          <p className="govuk-body">{t('resultChecks.section.withdrawnBannerBody')}</p>
        </NotificationBanner>
      )}
      <h2 className="govuk-heading-m" id="result-checks-heading">
        {t('resultChecks.section.heading')}
      </h2>
      <p className="govuk-body">{t('resultChecks.section.intro')}</p>
      {copies.length === 0 ? (
        <p className="govuk-body">{t('resultChecks.section.noCodes')}</p>
      ) : (
        <Table
          caption={t('resultChecks.section.codesCaption')}
          captionSize="s"
          columns={columnsOf(['copy', 'made', 'status', 'action'], heading)}
          rows={copies.map((copy) => ({
            key: copy.copyId,
            cells: {
              copy: copyName(copy),
              made: formatDateAtTime(new Date(copy.createdAt)),
              status: <Tag colour={COLOURS[copy.status]}>{t(`resultChecks.status.${copy.status}`)}</Tag>,
              action: copy.withdrawable ? (
                <Link
                  className="govuk-link"
                  to={`/who-can-see-my-result/withdraw-check-code?resultId=${encodeURIComponent(resultId)}&copyId=${encodeURIComponent(copy.copyId)}`}
                >
                  {t('resultChecks.section.withdraw')}
                  <span className="govuk-visually-hidden">
                    {' '}
                    {t('resultChecks.section.withdrawHidden', {
                      copy: copyName(copy),
                      date: formatDateAtTime(new Date(copy.createdAt)),
                    })}
                  </span>
                </Link>
              ) : (
                ''
              ),
            },
          }))}
        />
      )}
      {checks.data.checks.length === 0 ? (
        <p className="govuk-body">{t('resultChecks.section.noChecks')}</p>
      ) : (
        <Table
          caption={t('resultChecks.section.checksCaption')}
          captionSize="s"
          columns={columnsOf(['when', 'copy', 'shown'], heading)}
          rows={checks.data.checks.map((check, index) => ({
            key: `${check.copyId}-${check.checkedAt}-${index}`,
            cells: {
              when: formatDateAtTime(new Date(check.checkedAt)),
              copy: names.get(check.copyId) ?? '',
              shown: t(`resultChecks.shown.${check.outcome}`),
            },
          }))}
        />
      )}
    </section>
  );
}
