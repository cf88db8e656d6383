import type { SharedResult } from '@dis/domain/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResultDetails } from '../../components/result-details';

/**
 * A shared result as its recipient reads it: the result, how long they may read it (`notice`), a printable copy
 * (`printTo`) and the way to finish.
 */
export function SharedResultView({
  result,
  title,
  notice,
  printTo,
}: {
  result: SharedResult;
  title: string;
  notice: ReactNode;
  printTo: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-full">
        <span className="govuk-caption-l">{result.disclosureType}</span>
        <h1 className="govuk-heading-l">{title}</h1>
        {notice}
        <ResultDetails result={result} />
        <p className="govuk-body">
          <Link className="govuk-button govuk-button--secondary" role="button" to={printTo}>
            {t('resultChecks.print.button')}
          </Link>
        </p>
        <Link className="govuk-button" data-module="govuk-button" role="button" to="/complete" replace>
          {t('sharedResult.result.close')}
        </Link>
      </div>
    </div>
  );
}
