import type { Result } from '@dis/domain/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { formatCountry, formatLongDate } from '../lib/format';
import { BulletList, columnsOf, SummaryList, Table, type SummaryRow } from './content';
import { Lines } from './lines';
import { Column } from './column';

// Every section of the Result entity (spec 02 section 3) as GOV.UK summary lists, with tables for
// convictions and cautions. Shared by the applicant's, the organisation's and the recipient's result pages; the parts
// that depend on who reads (appeal question, review, share notes) are the pages' own.

/** The parts of a result these sections show: an applicant's, an organisation's or a recipient's result. */
export type ResultContentView = Pick<
  Result,
  | 'aboutResultText'
  | 'address'
  | 'channel'
  | 'dateOfBirth'
  | 'dateOfIssue'
  | 'disclosureNumber'
  | 'disclosureType'
  | 'higherLevelResultInformation'
  | 'name'
  | 'reportInaccurateInfo'
  | 'vettingInformation'
>;

const present = <T,>(value: T | null | undefined): value is T =>
  value !== null && value !== undefined && value !== '';

function rowsOf(entries: [string, string | null | undefined][]): SummaryRow[] {
  return entries.filter(([, value]) => present(value)).map(([key, value]) => ({ key, value }));
}

function ResultSummary({ result }: { result: ResultContentView }) {
  const { t } = useTranslation();
  const a = result.address;
  const rows: SummaryRow[] = [
    ...rowsOf([
      [t('results.details.disclosureType'), result.disclosureType],
      [t('results.details.disclosureNumber'), result.disclosureNumber],
      [t('results.details.dateOfIssue'), formatLongDate(result.dateOfIssue)],
      [t('results.details.name'), result.name],
      [t('results.details.dateOfBirth'), result.dateOfBirth && formatLongDate(result.dateOfBirth)],
    ]),
    ...(a
      ? [
          {
            key: t('results.details.address'),
            value: (
              <Lines
                lines={[
                  a.line1,
                  a.line2 ?? undefined,
                  a.town,
                  a.county ?? undefined,
                  a.postcode ?? undefined,
                  formatCountry(a.country),
                ]}
              />
            ),
          },
        ]
      : []),
    ...rowsOf([[t('results.details.channel'), t(`results.channels.${result.channel}`)]]),
  ];
  return <SummaryList rows={rows} />;
}

function HigherLevel({ info }: { info: NonNullable<Result['higherLevelResultInformation']> }) {
  const { t } = useTranslation();
  const rows = rowsOf([
    [t('results.higherLevel.positionAppliedFor'), info.positionAppliedFor],
    [t('results.higherLevel.organisationAppliedFor'), info.organisationAppliedFor],
    [t('results.higherLevel.csgOrganisationName'), info.csgOrganisationName],
    [t('results.higherLevel.anotherOrganisationName'), info.anotherOrganisationName],
    [t('results.higherLevel.barredStatus'), info.barredStatus],
    [t('results.higherLevel.considerationStatus'), info.considerationStatus],
    [t('results.higherLevel.membershipStatus'), info.membershipStatus],
    [t('results.higherLevel.membershipNumber'), info.membershipNumber],
  ]);
  if (rows.length === 0) return null;
  return (
    <>
      <h2 className="govuk-heading-m">{t('results.higherLevel.heading')}</h2>
      <SummaryList rows={rows} />
    </>
  );
}

/** The under-consideration section (review-eligible or under consideration). */
export function UnderConsideration({ result }: { result: ResultContentView }) {
  const { t } = useTranslation();
  const info = result.higherLevelResultInformation;
  return (
    <>
      <h2 className="govuk-heading-m">{t('results.underConsideration.heading')}</h2>
      <p className="govuk-body">
        {info?.underConsideration
          ? (info.underConsiderationText ?? t('results.underConsideration.default'))
          : t('results.underConsideration.reviewEligible')}
      </p>
    </>
  );
}

const listCell = (items: string[]) => (items.length > 1 ? <BulletList items={items} /> : (items[0] ?? ''));

/** The convictions' or cautions' table (its columns headed by their `results.vetting` text), none when empty. */
function vettingTable(
  t: (key: string) => string,
  kind: 'conviction' | 'caution',
  columns: readonly string[],
  rows: Record<string, ReactNode>[],
) {
  if (rows.length === 0) return null;
  return (
    <Table
      caption={t(`results.vetting.${kind === 'conviction' ? 'convictions' : 'cautions'}`)}
      captionSize="s"
      columns={columnsOf(columns, (key) => t(`results.vetting.${key}`))}
      rows={rows.map((cells, index) => ({ key: `${kind}-${index}`, cells }))}
    />
  );
}

export function Convictions({ result }: { result: ResultContentView }) {
  const { t } = useTranslation();
  return vettingTable(
    t,
    'conviction',
    ['date', 'court', 'offences', 'disposals', 'appealable'],
    result.vettingInformation.convictions.map((c) => ({
      date: formatLongDate(c.date),
      court: c.court,
      offences: listCell(c.offences),
      disposals: listCell(c.disposals),
      appealable: c.appealable ? t('fields.yes') : t('fields.no'),
    })),
  );
}

function Cautions({ result }: { result: ResultContentView }) {
  const { t } = useTranslation();
  return vettingTable(
    t,
    'caution',
    ['date', 'policeForce', 'offences', 'disposals'],
    result.vettingInformation.cautions.map((c) => ({
      date: formatLongDate(c.date),
      policeForce: c.policeForce,
      offences: listCell(c.offences),
      disposals: listCell(c.disposals),
    })),
  );
}

function HigherLevelVetting({ result }: { result: ResultContentView }) {
  const { t } = useTranslation();
  const info = result.vettingInformation.higherLevelVettingInformation;
  if (!info) return null;
  const none = t('results.vetting.noneHeld');
  const list = (items: string[]) => (items.length > 0 ? <BulletList items={items} /> : none);
  return (
    <>
      <h2 className="govuk-heading-m">{t('results.vetting.higherHeading')}</h2>
      <SummaryList
        rows={[
          { key: t('results.vetting.prescribedCourtOrders'), value: list(info.prescribedCourtOrders) },
          {
            key: t('results.vetting.sexualOffenceNotificationRequirements'),
            value: list(info.sexualOffenceNotificationRequirements),
          },
          {
            key: t('results.vetting.ori'),
            value:
              info.oriList.length > 0 ? (
                <ul className="govuk-list govuk-list--bullet">
                  {info.oriList.map((ori, index) => (
                    <li key={index}>
                      {ori.description} (
                      {ori.isUkOri ? t('results.vetting.oriUk') : t('results.vetting.oriNotUk')})
                    </li>
                  ))}
                </ul>
              ) : (
                none
              ),
          },
          {
            key: t('results.vetting.otherRelevantInformation'),
            value: info.otherRelevantInformation ?? none,
          },
        ]}
      />
    </>
  );
}

/**
 * The parts of a result both readers see, in the order of the entity. It brings its own grid rows: the text in
 * the two-thirds reading column, the convictions and cautions tables across the full width so their columns do
 * not wrap; pages put it between their own reading columns, not inside one.
 */
export function ResultDetails({ result }: { result: ResultContentView }) {
  const { t } = useTranslation();
  const vetting = result.vettingInformation;
  return (
    <>
      <Column>
        <h2 className="govuk-heading-m">{t('results.details.heading')}</h2>
        <ResultSummary result={result} />
        {result.higherLevelResultInformation && <HigherLevel info={result.higherLevelResultInformation} />}
        <h2 className="govuk-heading-m">{t('results.vetting.heading')}</h2>
        {vetting.noConvictionsCautions && (
          <p className="govuk-body">{vetting.noVettingInformationExplanation ?? t('results.vetting.none')}</p>
        )}
      </Column>
      {!vetting.noConvictionsCautions && (
        <div className="govuk-grid-row">
          <div className="govuk-grid-column-full">
            <Convictions result={result} />
            <Cautions result={result} />
          </div>
        </div>
      )}
      <Column>
        <HigherLevelVetting result={result} />
        <h2 className="govuk-heading-m">{t('results.about')}</h2>
        <p className="govuk-body">{result.aboutResultText}</p>
        <h2 className="govuk-heading-m">{t('results.reportInaccurate')}</h2>
        <p className="govuk-body">{result.reportInaccurateInfo}</p>
      </Column>
    </>
  );
}
