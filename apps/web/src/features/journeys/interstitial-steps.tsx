import { addressHistory, addressText, nextPath, type JourneyStep } from '@dis/domain';
import { useTranslation } from '../../i18n/react';
import { LinkButton } from '../../components/button';
import { SummaryList } from '../../components/content';
import { Lines } from '../../components/lines';
import { usePageTitle } from '../../components/page-title';
import { changePath, useKeptAddressEntries } from './address-entry';
import { journeyContext, StepLayout, useJourneyText, withToken, type StepPageProps } from './shared';
import { applicantAnswers } from './draft';

type InterstitialProps = StepPageProps & { step: JourneyStep<object> };

/** A page with nothing to answer (the address-history intro): its text, then on to the next step. */
export function InterstitialStep({ journey, draft, edit, step }: InterstitialProps) {
  const { t } = useTranslation();
  const text = useJourneyText(journey);
  const title = text(step.titleKey);
  usePageTitle(title);
  const paragraphs = t(step.titleKey.replace(/\.title$/, '.paragraphs'), {
    returnObjects: true,
    defaultValue: [],
  }) as string[];
  const next = withToken(
    nextPath(journey, step.id, draft.answers, journeyContext(draft), { edit }),
    draft.token,
  );
  return (
    <StepLayout journey={journey} draft={draft} stepId={step.id} edit={edit} errors={[]}>
      <h1 className="govuk-heading-l">{title}</h1>
      {Array.isArray(paragraphs) &&
        paragraphs.map((paragraph) => (
          <p className="govuk-body" key={paragraph}>
            {paragraph}
          </p>
        ))}
      <LinkButton href={next}>{t('common.continue')}</LinkButton>
    </StepLayout>
  );
}

function monthText(value: { month?: number; year?: number } | undefined): string {
  if (!value?.month || !value.year) return '';
  const date = new Date(Date.UTC(value.year, value.month - 1, 1));
  return date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** address-history-check: each address of the history as a card with a Change link back to its step. */
export function AddressHistoryCheckStep({ journey, draft, edit, step }: InterstitialProps) {
  const { t } = useTranslation();
  const text = useJourneyText(journey);
  const title = text(step.titleKey);
  usePageTitle(title);
  const ctx = journeyContext(draft);
  const addresses = addressHistory(applicantAnswers(draft));
  const entries = useKeptAddressEntries(draft);
  const next = withToken(nextPath(journey, step.id, draft.answers, ctx, { edit }), draft.token);
  return (
    <StepLayout journey={journey} draft={draft} stepId={step.id} edit={edit} errors={[]}>
      <h1 className="govuk-heading-l">{title}</h1>
      {addresses.map((address, index) => {
        const target = changePath(journey, entries, index === 0 ? 'address/current' : `address/${index}`);
        const heading =
          index === 0 ? t('addressHistory.current') : t('addressHistory.previous', { number: index });
        const href = target ? withToken(target, draft.token) : undefined;
        return (
          <div className="govuk-summary-card" key={`${index}-${address.postcode ?? ''}`}>
            <div className="govuk-summary-card__title-wrapper">
              <h2 className="govuk-summary-card__title">{heading}</h2>
              {href && (
                <ul className="govuk-summary-card__actions">
                  <li className="govuk-summary-card__action">
                    <a className="govuk-link" href={href}>
                      {t('checkYourAnswers.change')}
                      <span className="govuk-visually-hidden"> {heading.toLowerCase()}</span>
                    </a>
                  </li>
                </ul>
              )}
            </div>
            <div className="govuk-summary-card__content">
              <SummaryList
                rows={[
                  {
                    key: t('addressHistory.address'),
                    value: <Lines lines={addressText(address)} />,
                  },
                  {
                    key: t('addressHistory.from'),
                    value: monthText(address.residentFrom),
                  },
                  {
                    key: t('addressHistory.to'),
                    value: index === 0 ? t('addressHistory.now') : monthText(address.residentTo),
                  },
                ]}
              />
            </div>
          </div>
        );
      })}
      <LinkButton href={next}>{t('common.continue')}</LinkButton>
    </StepLayout>
  );
}
