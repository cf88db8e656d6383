import { APPLICATION_TYPES, DRAFT_CREATING_APPLICANT_JOURNEYS, journeyTypeCode, nextPath } from '@dis/domain';
import { useTranslation } from '../../i18n/react';
import { LinkButton } from '../../components/button';
import { BulletList, InsetText, SummaryList } from '../../components/content';
import { usePageTitle } from '../../components/page-title';
import { applicantAnswers, type AnyJourney, type StoredDraft } from './draft';
import { journeyContext, StepLayout, useJourneyText, withToken } from './shared';

// The applicant journey's start page (the step view `landing`), apart from the applicant's other pages: the step
// views are shared by both sides' journey pages, and a countersignatory's page does not load the applicant's pages.

export function createsDraft(journey: AnyJourney): boolean {
  return journey.side === 'applicant' && DRAFT_CREATING_APPLICANT_JOURNEYS.includes(journey.id);
}

export function BeforeYouStart() {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="govuk-heading-m">{t('landing.beforeHeading')}</h2>
      <p className="govuk-body">{t('landing.before')}</p>
      <BulletList items={t('landing.beforeItems', { returnObjects: true }) as string[]} />
      <p className="govuk-body">{t('landing.time')}</p>
    </>
  );
}

/**
 * start of an organisation-started application (the landing page): working for, position, working
 * with and payment type from the hand-over, an info note, before-you-start and the Start button. A
 * hand-over answered with 410 is an expired application.
 */
export function LandingStep({ journey, draft }: { journey: AnyJourney; draft: StoredDraft }) {
  const { t } = useTranslation();
  const text = useJourneyText(journey);
  const type = journeyTypeCode(journey.id);
  const title = text('journey.start.title');
  usePageTitle(title);
  // The hand-over fields travel with the applicant's draft (GET /api/draftApplications/{token}); an
  // expired one never gets here (the journey page sends EXPIRED and a 410 to the expired page).
  // The applicant's draft carries the hand-over fields and the organisation's name (GET /api/draftApplications/{token}).
  const answers = applicantAnswers(draft);
  const data = answers;
  const workingFor =
    data.otherOrganisationName || data.roleDetails?.organisationName || data.organisationName || undefined;
  const workforces = data.workforces ?? answers.schemeInfo?.workforces ?? [];
  const payment = data.onlinePaymentType ?? answers.paymentType;
  const next = withToken(nextPath(journey, 'start', draft.answers, journeyContext(draft)), draft.token);
  const none = t('common.notProvided');
  return (
    <StepLayout journey={journey} draft={draft} stepId="start" edit={false} errors={[]}>
      <span className="govuk-caption-l">{APPLICATION_TYPES[type]}</span>
      <h1 className="govuk-heading-l">{title}</h1>
      {!createsDraft(journey) && (
        <>
          <SummaryList
            rows={[
              { key: t('landing.reference'), value: draft.applicationReference || none },
              { key: t('landing.workingFor'), value: workingFor ?? none },
              { key: t('landing.position'), value: data.roleDetails?.position || none },
              ...(workforces.length > 0
                ? [
                    {
                      key: t('landing.workingWith'),
                      value: workforces.map((item) => t(`fields.workforces.options.${item}`)).join(' and '),
                    },
                  ]
                : []),
              {
                key: t('landing.payment'),
                value: payment ? t(`landing.paymentTypes.${payment}`, { defaultValue: payment }) : none,
              },
            ]}
          />
          <InsetText>{t('landing.info')}</InsetText>
        </>
      )}
      <BeforeYouStart />
      <LinkButton href={next} start>
        {t('landing.start')}
      </LinkButton>
    </StepLayout>
  );
}
