import {
  APPLICATION_TYPES,
  checkYourAnswers,
  journeyTypeCode,
  nextPath,
  type JourneyStep,
} from '@dis/domain';
import { useTranslation } from '../../i18n/react';
import { LinkButton } from '../../components/button';
import { SummaryList } from '../../components/content';
import { Lines } from '../../components/lines';
import { usePageTitle } from '../../components/page-title';
import { changePath, useKeptAddressEntries } from './address-entry';
import { journeyContext, StepLayout, useJourneyText, withToken, type StepPageProps } from './shared';

/** Check your answers: the domain's sections of the steps this draft passes through, each with Change. */
export function ReviewStep({ journey, draft, edit, step }: StepPageProps & { step: JourneyStep<object> }) {
  const { t } = useTranslation();
  const text = useJourneyText(journey);
  const title = text(step.titleKey);
  usePageTitle(title);
  const ctx = journeyContext(draft);
  const sections = checkYourAnswers(journey, draft.answers, ctx);
  const entries = useKeptAddressEntries(draft);
  const next = withToken(nextPath(journey, step.id, draft.answers, ctx), draft.token);
  return (
    <StepLayout journey={journey} draft={draft} stepId={step.id} edit={edit} errors={[]}>
      <span className="govuk-caption-l">{APPLICATION_TYPES[journeyTypeCode(journey.id)]}</span>
      <h1 className="govuk-heading-l">{title}</h1>
      <SummaryList
        rows={[
          {
            key: t('checkYourAnswers.reference'),
            value: draft.applicationReference || draft.answers.applicationReference,
          },
        ]}
      />
      {sections.map((section) => (
        <section key={section.id}>
          <h2 className="govuk-heading-m">{t(section.titleKey)}</h2>
          <SummaryList
            rows={section.rows.map((row) => {
              // Each Change link names its own row ("Change previous address 2"), as the GOV.UK summary list does.
              const label = t(row.labelKey, row.labelValues);
              return {
                key: label,
                value: row.value.length > 0 ? <Lines lines={[...row.value]} /> : t('common.notProvided'),
                action: {
                  href: withToken(changePath(journey, entries, row.stepId) ?? row.href, draft.token),
                  text: t('checkYourAnswers.change'),
                  visuallyHiddenText: label.toLowerCase(),
                },
              };
            })}
          />
        </section>
      ))}
      <LinkButton href={next}>{t('common.continue')}</LinkButton>
    </StepLayout>
  );
}
