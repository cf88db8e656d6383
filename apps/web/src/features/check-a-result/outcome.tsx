import { checkAResultContract, type CheckAnswer } from '@dis/domain/contracts';
import { formatDigest } from '@dis/domain';
import { useTranslation } from '../../i18n/react';
import { LinkParagraph, SummaryList } from '../../components/content';
import { formatLongDate } from '../../lib/format';

/** The view of the check page that shows an answer (posted without JavaScript). */
export const OUTCOME_VIEW = 'outcome';

/** The answer carried in a posted form's values, checked against the contract (anything else: none). */
export function answerFrom(text: string | undefined): CheckAnswer | undefined {
  if (!text) return undefined;
  try {
    const parsed = checkAResultContract.response.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** What a check found: genuine and current (with what the printed copy shows), withdrawn, replaced, or not found. */
export function CheckOutcome({ answer }: { answer: CheckAnswer }) {
  const { t } = useTranslation();
  const again = <LinkParagraph to="/check-a-result">{t('checkAResult.again')}</LinkParagraph>;
  switch (answer.outcome) {
    case 'CURRENT':
      return (
        <div id="check-outcome" data-outcome="CURRENT">
          <div className="govuk-panel govuk-panel--confirmation">
            <h1 className="govuk-panel__title">{t('checkAResult.current.title')}</h1>
            <div className="govuk-panel__body">{t('checkAResult.current.body')}</div>
          </div>
          <SummaryList
            rows={[
              { key: t('checkAResult.current.name'), value: answer.name },
              { key: t('checkAResult.current.type'), value: answer.disclosureType },
              { key: t('checkAResult.current.issued'), value: formatLongDate(answer.dateOfIssue) },
              {
                key: t('checkAResult.current.information'),
                value: answer.containsInformation
                  ? t('checkAResult.current.containsInformation')
                  : t('checkAResult.current.noInformation'),
              },
              {
                key: t('checkAResult.current.digest'),
                value: <code className="app-digest">{formatDigest(answer.digest)}</code>,
              },
            ]}
          />
          <p className="govuk-body">{t('checkAResult.current.compare')}</p>
          {again}
        </div>
      );
    case 'WITHDRAWN':
    case 'REPLACED': {
      const key = answer.outcome === 'WITHDRAWN' ? 'withdrawn' : 'replaced';
      return (
        <div id="check-outcome" data-outcome={answer.outcome}>
          <h1 className="govuk-heading-l">{t(`checkAResult.${key}.title`)}</h1>
          <div className="govuk-warning-text">
            <span className="govuk-warning-text__icon" aria-hidden="true">
              !
            </span>
            <strong className="govuk-warning-text__text">
              <span className="govuk-visually-hidden">{t('common.warning')}</span>
              {t(`checkAResult.${key}.warning`)}
            </strong>
          </div>
          <p className="govuk-body">
            {t(`checkAResult.${key}.body`, { date: formatLongDate(answer.dateOfIssue) })}
          </p>
          {again}
        </div>
      );
    }
    case 'NOT_FOUND':
      return (
        <div id="check-outcome" data-outcome="NOT_FOUND">
          <h1 className="govuk-heading-l">{t('checkAResult.notFound.title')}</h1>
          {(t('checkAResult.notFound.body', { returnObjects: true }) as string[]).map((text) => (
            <p className="govuk-body" key={text}>
              {text}
            </p>
          ))}
          {again}
        </div>
      );
  }
}
