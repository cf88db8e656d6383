import { resultChecksContract } from '@dis/domain/contracts';
import { useQuery } from '../../lib/query';
import { useTranslation } from '../../i18n/react';
import { useNavigate, useSearchParams } from '../../lib/router';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/button';
import { WarningText } from '../../components/content';
import { ErrorSummary, errorFor } from '../../components/error-summary';
import { FormToken } from '../../components/form-token';
import { LoadingPage } from '../../components/loading-page';
import { NotFoundPage } from '../../components/not-found-page';
import { usePageTitle } from '../../components/page-title';
import { callEndpoint } from '../../lib/endpoint-client';
import { formatInstantDate } from '../../lib/format';
import { Navigate } from '../../lib/navigate';
import { useWithdrawCheckCode } from './api';
import { whoCanSeeWithdrawnPath } from './paths';
import { Column } from '../../components/column';
import { usePostedOnce } from '../../lib/posted-once';

// /who-can-see-my-result/withdraw-check-code?resultId=&copyId= (decision 0051): are you sure? Once withdrawn, a
// check of that copy's code says "withdrawn". A form post (withdrawCheckCodeAction) without JavaScript.

export function WithdrawCheckCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const resultId = search.get('resultId') ?? '';
  const copyId = search.get('copyId') ?? '';
  const title = t('resultChecks.withdraw.title');
  const checks = useQuery({
    queryKey: ['result-checks', resultId],
    queryFn: () => callEndpoint(resultChecksContract, { params: { id: resultId } }),
    enabled: Boolean(resultId),
    retry: false,
  });
  const withdraw = useWithdrawCheckCode(resultId);
  const { posted, hide } = usePostedOnce();
  const failure = withdraw.error || posted?.general ? t('resultChecks.withdraw.failed') : undefined;
  usePageTitle(failure ? `${t('common.errorPrefix')} ${title}` : title);
  if (!resultId || !copyId || checks.isError) return <NotFoundPage />;
  if (!checks.data) return <LoadingPage />;
  const copy = checks.data.copies.find((c) => c.copyId === copyId);
  if (!copy) return <NotFoundPage />;
  const back = `/who-can-see-my-result?resultId=${encodeURIComponent(resultId)}`;
  if (!copy.withdrawable && withdraw.isIdle) return <Navigate to={back} replace />;
  return (
    <>
      <BackLink to={back} text={t('common.back')} />
      <Column>
        <ErrorSummary errors={errorFor('withdraw-button', failure)} />
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">
          {t(copy.copy === 'APPLICANT' ? 'resultChecks.copy.applicant' : 'resultChecks.copy.recipient')}
          {' – '}
          {t('resultChecks.copy.made', { date: formatInstantDate(copy.createdAt) })}
        </p>
        <WarningText>{t('resultChecks.withdraw.warning')}</WarningText>
        <form
          method="post"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            hide();
            withdraw.mutate(copyId, {
              onSuccess: () => void navigate(whoCanSeeWithdrawnPath(resultId, copyId)),
            });
          }}
        >
          <FormToken />
          <Button id="withdraw-button" variant="warning" disabled={withdraw.isPending}>
            {t('resultChecks.withdraw.button')}
          </Button>
        </form>
      </Column>
    </>
  );
}
