import { applicantResultPath, type TrackerStage } from '@dis/domain';
import { TRACKER_STAGES, applicationProgressContract } from '@dis/domain/contracts';
import { useQuery } from '../../lib/query';
import { useTranslation } from '../../i18n/react';
import { InsetText, LinkParagraph, Tag } from '../../components/content';
import { callEndpoint } from '../../lib/endpoint-client';
import { formatLongDate } from '../../lib/format';

const STAGE_KEYS: Record<TrackerStage, string> = {
  RECEIVED: 'tracker.stages.received',
  CHECKS_UNDER_WAY: 'tracker.stages.checks',
  RESULT_ISSUED: 'tracker.stages.issued',
};

/** Each stage of the tracker is done, the current one, or still to come. */
export function stageStates(
  current: TrackerStage,
): { stage: TrackerStage; state: 'done' | 'current' | 'todo' }[] {
  const at = TRACKER_STAGES.indexOf(current);
  return TRACKER_STAGES.map((stage, index) => ({
    stage,
    // The last stage is reached, not worked on: once issued it is done.
    state:
      index < at || (index === at && index === TRACKER_STAGES.length - 1)
        ? 'done'
        : index === at
          ? 'current'
          : 'todo',
  }));
}

/**
 * Where a submitted application is (received, checks under way, result issued), when we expect to
 * finish (the processing aim in working days, counted by the server) and any delay casework reported.
 */
export function ApplicationProgress({ token }: { token: string }) {
  const { t } = useTranslation();
  const progress = useQuery({
    queryKey: ['application-progress', token],
    queryFn: () => callEndpoint(applicationProgressContract, { params: { token } }),
    retry: false,
  });
  const data = progress.data;
  if (!data) return null;
  return (
    <>
      <h2 className="govuk-heading-m">{t('tracker.heading')}</h2>
      <ol className="govuk-task-list app-tracker">
        {stageStates(data.stage).map(({ stage, state }) => (
          <li className="govuk-task-list__item" key={stage}>
            <div className="govuk-task-list__name-and-hint">{t(STAGE_KEYS[stage])}</div>
            <div className="govuk-task-list__status">
              {state === 'done' ? (
                t('tracker.done')
              ) : state === 'current' ? (
                <Tag colour="light-blue">{t('tracker.current')}</Tag>
              ) : (
                <span className="govuk-hint govuk-!-margin-0">{t('tracker.notStarted')}</span>
              )}
            </div>
          </li>
        ))}
      </ol>
      {data.stage !== 'RESULT_ISSUED' && (
        <>
          <p className="govuk-body">{t('tracker.expected', { date: formatLongDate(data.expectedBy) })}</p>
          <p className="govuk-body">{t('tracker.aim', { days: data.processingAimWorkingDays })}</p>
        </>
      )}
      {data.delayReason && data.stage !== 'RESULT_ISSUED' && (
        <InsetText>
          <h3 className="govuk-heading-s">{t('tracker.delayHeading')}</h3>
          <p className="govuk-body">{data.delayReason}</p>
        </InsetText>
      )}
      {data.resultId && data.resultType && (
        <LinkParagraph to={applicantResultPath(data.resultId, data.resultType)}>
          {t('tracker.viewResult')}
        </LinkParagraph>
      )}
    </>
  );
}
