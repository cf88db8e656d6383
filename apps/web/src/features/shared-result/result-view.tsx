import type { SharedResult } from '@dis/domain/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from '../../lib/router';
import { LoadingPage } from '../../components/loading-page';
import { ResultDetails } from '../../components/result-details';
import { Navigate } from '../../lib/navigate';
import { errorPageFor, INVALID_LINK } from './links';

/**
 * What a shared result's page shows before the result: an invalid link without the ids in its address; the page
 * for the link's end (expired, stopped) or any other failure, on the server a redirect; loading. Null once there.
 */
export function sharedResultFallback(
  hasIds: boolean,
  query: { error: unknown; isError: boolean; isPending: boolean; data?: unknown },
  basic = false,
): ReactNode {
  if (!hasIds) return <Navigate to={INVALID_LINK} replace />;
  if (query.isError) return <Navigate to={errorPageFor(query.error, basic)} replace />;
  if (query.isPending || !query.data) return <LoadingPage />;
  return null;
}

/**
 * A shared result as its recipient reads it: the result, how long they may read it (`notice`), a printable copy
 * (`printTo`) and the way to finish.
 */
export function SharedResultView({
  result,
  title,
  notice,
  printTo,
  enhance,
}: {
  result: SharedResult;
  title: string;
  notice: ReactNode;
  printTo: string;
  /** The data attributes of the page's plain enhancement (`app/enhance.ts`: the link's end). */
  enhance: Record<`data-${string}`, string>;
}) {
  const { t } = useTranslation();
  return (
    <div className="govuk-grid-row" {...enhance}>
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

/**
 * A shared result's page: what it shows before the result (`sharedResultFallback`), then the result with the
 * notice drawn from it. A function, not a component: the page's tree is the view's own.
 */
export function sharedResultPage<R extends SharedResult>(
  hasIds: boolean,
  query: { error: unknown; isError: boolean; isPending: boolean; data?: R | undefined },
  view: {
    title: string;
    notice: (shared: R) => ReactNode;
    printTo: string;
    enhance: (shared: R) => Record<`data-${string}`, string>;
    basic?: boolean;
  },
): ReactNode {
  const fallback = sharedResultFallback(hasIds, query, view.basic);
  if (fallback || !query.data) return fallback;
  return (
    <SharedResultView
      result={query.data}
      title={view.title}
      notice={view.notice(query.data)}
      printTo={view.printTo}
      enhance={view.enhance(query.data)}
    />
  );
}
