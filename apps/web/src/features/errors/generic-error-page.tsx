import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { LinkParagraph, SummaryList } from '../../components/content';
import { usePageTitle } from '../../components/page-title';
import { formatDateTime } from '../../lib/format';
import { useResponseStatus } from '../../lib/server-render';
import { Column } from '../../components/column';

export interface ProblemDetails {
  backendCode?: string | undefined;
  message?: string | undefined;
  status?: number | string | undefined;
  /** The server's request id, when the problem came from a request. */
  requestId?: string | undefined;
}

interface GenericErrorPageProps extends ProblemDetails {
  title?: string;
  /** Only Message and Time (the missing-application-reference page). */
  messageAndTimeOnly?: boolean;
  children?: React.ReactNode;
}

/** "Sorry, there is a problem with the service" with the details a helpline adviser needs. */
export function GenericErrorPage({
  backendCode,
  message,
  status,
  requestId,
  title,
  messageAndTimeOnly,
  children,
}: GenericErrorPageProps) {
  const { t } = useTranslation();
  const heading = title ?? t('genericError.title');
  usePageTitle(heading);
  const code = Number(status);
  useResponseStatus(code >= 400 && code < 600 ? code : 500);
  // The time the problem was seen, fixed when the page first renders: the server's, kept as it is when the browser
  // takes the page over (its own clock may read a different minute).
  const [seenAt] = useState(() => formatDateTime(new Date(Date.now())));
  const time = <span suppressHydrationWarning>{seenAt}</span>;
  const unknown = t('genericError.unknown');
  const rows = messageAndTimeOnly
    ? [
        { key: t('genericError.message'), value: message || unknown },
        { key: t('genericError.time'), value: time },
      ]
    : [
        { key: t('genericError.backendCode'), value: backendCode || unknown },
        { key: t('genericError.message'), value: message || unknown },
        { key: t('genericError.status'), value: status ? String(status) : unknown },
        { key: t('genericError.time'), value: time },
      ];
  if (requestId) rows.push({ key: t('genericError.requestId'), value: requestId });
  return (
    <Column>
      <h1 className="govuk-heading-l">{heading}</h1>
      {children ?? <p className="govuk-body">{t('genericError.body')}</p>}
      <h2 className="govuk-heading-m">{t('genericError.details')}</h2>
      <p className="govuk-body">{t('genericError.detailsIntro')}</p>
      <SummaryList rows={rows} />
      <LinkParagraph to="/help">{t('common.contactHelp')}</LinkParagraph>
    </Column>
  );
}
