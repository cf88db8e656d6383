import type { ShareEntry } from '@dis/domain/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { Navigate } from '../../lib/navigate';
import { BackLink } from '../../components/back-link';
import { Button, ButtonGroup } from '../../components/button';
import { Column } from '../../components/column';
import { LinkParagraph, Paragraphs, Tag, WarningText, type TagColour } from '../../components/content';
import { ErrorSummary, errorFor } from '../../components/error-summary';
import { PostForm } from '../../components/post-form';
import { NotificationBanner } from '../../components/notification-banner';
import { usePageTitle, useTitledPage } from '../../components/page-title';
import { formatDateAtTime } from '../../lib/format';
import { usePostedOnce } from '../../lib/posted-once';
import { NotFoundPage } from '../../components/not-found-page';
import { backendCodeOf, httpStatusOf, useResultShares, useStopSharing } from './api';
import { ResultChecksSection } from './result-checks-section';
import { queryFallback, useResultInQuery } from './share-step';
import { resultPagePath, shareResultPath, stopSharingPath, whoCanSeePath } from './paths';

// "Who can see my result": every share of one of the applicant's results, who it went to, when, until when,
// each time it was opened, and a way to stop a digital link at once (after a confirmation page). Every status
// is the server's; the page only shows it.

const STATUS_COLOURS: Record<ShareEntry['status'], TagColour> = {
  ACTIVE: 'green',
  STOPPED: 'grey',
  LOCKED: 'red',
  EXPIRED: 'grey',
  PAPER_REQUESTED: 'blue',
  PAPER_SENT: 'green',
};

const EMAIL_COLOURS: Record<NonNullable<ShareEntry['emailDelivery']>, TagColour> = {
  PENDING: 'grey',
  SENT: 'blue',
  DELIVERED: 'green',
  NOT_DELIVERED: 'red',
};

/** Navigation state of the list after a share was stopped: who it was shared with. */
interface StoppedState {
  stopped?: string;
}

/** How each kind of share reached its recipient, as the list says it. */
const HOW_KEYS: Record<ShareEntry['recipientKind'], string> = {
  // A paper copy posted to the applicant.
  APPLICANT_BY_POST: 'sharing.whoCanSee.how.paper',
  // The organisation on the application: no link, the organisation reads it in its own account.
  ORGANISATION: 'sharing.whoCanSee.how.organisation',
  // A link emailed to a named person.
  PERSON: 'sharing.whoCanSee.how.digital',
};

/** Who the share went to, as the applicant knows them. */
function useRecipient() {
  const { t } = useTranslation();
  return (share: ShareEntry) =>
    share.recipientKind === 'APPLICANT_BY_POST'
      ? t('sharing.whoCanSee.recipient.paper')
      : (share.recipientName ?? t('sharing.whoCanSee.recipient.organisation'));
}

/** The shares of the result in the query, with the states both pages handle the same way. */
function useShares() {
  const { search, resultId } = useResultInQuery();
  const shares = useResultShares(resultId);
  return { resultId, search, data: shares.data, fallback: queryFallback(resultId, shares) };
}

function ShareCard({ resultId, share }: { resultId: string; share: ShareEntry }) {
  const { t } = useTranslation();
  const recipient = useRecipient()(share);
  const at = t('sharing.whoCanSee.at');
  const when = (instant: string) => formatDateAtTime(new Date(instant), at);
  const rows: { key: string; value: ReactNode }[] = [
    {
      key: t('sharing.whoCanSee.rows.how'),
      value: t(HOW_KEYS[share.recipientKind]),
    },
    { key: t('sharing.whoCanSee.rows.shared'), value: when(share.sharedOn) },
    {
      key: t('sharing.whoCanSee.rows.status'),
      value: <Tag colour={STATUS_COLOURS[share.status]}>{t(`sharing.whoCanSee.status.${share.status}`)}</Tag>,
    },
  ];
  if (share.expiresOn && share.status !== 'STOPPED')
    rows.push({
      key: t(
        share.status === 'EXPIRED' ? 'sharing.whoCanSee.rows.expired' : 'sharing.whoCanSee.rows.expires',
      ),
      value: when(share.expiresOn),
    });
  if (share.stoppedOn) rows.push({ key: t('sharing.whoCanSee.rows.stopped'), value: when(share.stoppedOn) });
  if (share.lockedOn)
    rows.push({
      key: t('sharing.whoCanSee.rows.locked'),
      value: t('sharing.whoCanSee.lockedAt', { when: when(share.lockedOn) }),
    });
  if (share.sentOn) rows.push({ key: t('sharing.whoCanSee.rows.sent'), value: when(share.sentOn) });
  if (share.emailDelivery)
    rows.push({
      key: t('sharing.whoCanSee.rows.email'),
      value: (
        <>
          <Tag colour={EMAIL_COLOURS[share.emailDelivery]}>
            {t(`sharing.whoCanSee.email.${share.emailDelivery}`)}
          </Tag>
          {share.emailDelivery === 'NOT_DELIVERED' && (
            <>
              <p className="govuk-body govuk-!-margin-top-2">
                {t('sharing.whoCanSee.email.notDeliveredBody', { recipient })}
              </p>
              <LinkParagraph to={shareResultPath(resultId)}>
                {t('sharing.whoCanSee.email.shareAgain')}
              </LinkParagraph>
            </>
          )}
        </>
      ),
    });
  // Openings are a named recipient's link's; the organisation has no link to open, nor has a paper copy.
  if (share.recipientKind === 'PERSON')
    rows.push({
      key: t('sharing.whoCanSee.rows.opened'),
      value:
        share.openings.length === 0 ? (
          t('sharing.whoCanSee.notOpened')
        ) : (
          <ul className="govuk-list">
            {share.openings.map((instant, index) => (
              <li key={`${instant}-${index}`}>{t('sharing.whoCanSee.openedAt', { when: when(instant) })}</li>
            ))}
          </ul>
        ),
    });
  return (
    <div className="govuk-summary-card">
      <div className="govuk-summary-card__title-wrapper">
        <h2 className="govuk-summary-card__title">{recipient}</h2>
        {share.canStop && (
          <ul className="govuk-summary-card__actions">
            <li className="govuk-summary-card__action">
              <Link className="govuk-link" to={stopSharingPath(resultId, share.shareId)}>
                {t('sharing.whoCanSee.stop')}
                <span className="govuk-visually-hidden">
                  {' '}
                  {t('sharing.whoCanSee.stopWith', { recipient, when: when(share.sharedOn) })}
                </span>
              </Link>
            </li>
          </ul>
        )}
      </div>
      <div className="govuk-summary-card__content">
        <dl className="govuk-summary-list">
          {rows.map((row) => (
            <div className="govuk-summary-list__row" key={row.key}>
              <dt className="govuk-summary-list__key">{row.key}</dt>
              <dd className="govuk-summary-list__value">{row.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

/** /who-can-see-my-result?resultId=: every share of the result, newest first. */
export function WhoCanSeeMyResultPage() {
  const { t, title } = useTitledPage('sharing.whoCanSee.title');
  const location = useLocation();
  const recipientOf = useRecipient();
  const { resultId, search, data, fallback } = useShares();
  if (fallback || !data) return fallback;
  // Stopped without JavaScript: the address names the share (decision 0038).
  const stoppedShare = data.shares.find((share) => share.shareId === search.get('stopped'));
  const stopped =
    (location.state as StoppedState | null)?.stopped ??
    (stoppedShare ? recipientOf(stoppedShare) : undefined);
  return (
    <>
      <BackLink to={resultPagePath(resultId)} text={t('common.back')} />
      <Column>
        {stopped && (
          <NotificationBanner
            type="success"
            heading={t('sharing.whoCanSee.stoppedBanner', { recipient: stopped })}
          >
            <p className="govuk-body">{t('sharing.whoCanSee.stoppedBannerBody')}</p>
          </NotificationBanner>
        )}
        <h1 className="govuk-heading-l">{title}</h1>
        {data.shares.length === 0 ? (
          <p className="govuk-body">{t('sharing.whoCanSee.empty')}</p>
        ) : (
          <>
            <Paragraphs items={t('sharing.whoCanSee.intro', { returnObjects: true }) as string[]} />
            {data.shares.map((share) => (
              <ShareCard key={share.shareId} resultId={resultId} share={share} />
            ))}
          </>
        )}
        <ResultChecksSection resultId={resultId} />
        <LinkParagraph to={resultPagePath(resultId)}>{t('sharing.backToResult')}</LinkParagraph>
      </Column>
    </>
  );
}

/** /who-can-see-my-result/stop?resultId=&shareId=: are you sure? Stopping cannot be undone. */
export function StopSharingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { resultId, search, data, fallback } = useShares();
  const shareId = search.get('shareId') ?? '';
  const stop = useStopSharing(resultId);
  const recipientOf = useRecipient();
  // Stopped without JavaScript and refused: the same message (decision 0038).
  const { posted, hide } = usePostedOnce();
  const share = data?.shares.find((s) => s.shareId === shareId);
  const recipient = share ? recipientOf(share) : '';
  const title = t('sharing.whoCanSee.confirm.title', { recipient });
  const postedFailure = posted?.general;
  usePageTitle(stop.error || postedFailure ? `${t('common.errorPrefix')} ${title}` : title);
  if (fallback || !data) return fallback;
  if (!share) return <NotFoundPage />;
  // Nothing to stop (already stopped, expired or paper): back to the list, which says why.
  if (!share.canStop && stop.isIdle) return <Navigate to={whoCanSeePath(resultId)} replace />;
  const failure = stop.error
    ? httpStatusOf(stop.error) === 404 || backendCodeOf(stop.error) === 'SHARE_NOT_REVOCABLE'
      ? t('sharing.whoCanSee.confirm.cannotStop')
      : t('sharing.refusals.generic')
    : postedFailure && t(postedFailure);
  return (
    <>
      <BackLink to={whoCanSeePath(resultId)} text={t('common.back')} />
      <Column>
        <ErrorSummary errors={errorFor('stop-button', failure)} />
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">
          {t('sharing.whoCanSee.confirm.sharedOn', {
            when: formatDateAtTime(new Date(share.sharedOn), t('sharing.whoCanSee.at')),
          })}
        </p>
        <WarningText>{t('sharing.whoCanSee.confirm.warning')}</WarningText>
        <PostForm
          onSubmit={(event) => {
            event.preventDefault();
            hide();
            stop.mutate(shareId, {
              onSuccess: () =>
                void navigate(whoCanSeePath(resultId), {
                  replace: true,
                  state: { stopped: recipient } satisfies StoppedState,
                }),
            });
          }}
        >
          <ButtonGroup>
            <Button id="stop-button" variant="warning" disabled={stop.isPending}>
              {t('sharing.whoCanSee.confirm.submit')}
            </Button>
            <Link className="govuk-link" to={whoCanSeePath(resultId)}>
              {t('sharing.whoCanSee.confirm.cancel')}
            </Link>
          </ButtonGroup>
        </PostForm>
      </Column>
    </>
  );
}
