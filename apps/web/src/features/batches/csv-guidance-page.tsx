import { BATCH_CSV_COLUMNS, BATCH_CSV_REQUIRED_COLUMNS } from '@dis/domain';
import { useTranslation } from '../../i18n/react';
import { BackLink } from '../../components/back-link';
import { Table } from '../../components/content';
import { usePageTitle } from '../../components/page-title';
import { templateHref } from './api';

/** Optional columns that a row needs in some cases (docs/decisions/0019-csv-batch-format.md). */
const SOMETIMES = new Set([
  'postcode',
  'workforces',
  'volunteer',
  'otherOrganisationName',
  'otherOrganisationEmail',
  'paymentMethod',
]);

export function CsvGuidancePage() {
  const { t } = useTranslation();
  usePageTitle(t('batches.guidanceTitle'));
  return (
    <>
      <BackLink to="/b2b/csv-upload" />
      <h1 className="govuk-heading-l">{t('batches.guidanceTitle')}</h1>
      <p className="govuk-body">{t('batches.guidanceIntro')}</p>
      <p className="govuk-body">
        <a className="govuk-link" href={templateHref} download="applications-template.csv">
          {t('batches.templateLink')}
        </a>
      </p>
      <Table
        caption={t('batches.guidanceCaption')}
        firstCellIsHeader
        columns={[
          { key: 'column', header: t('batches.column') },
          { key: 'required', header: t('batches.required') },
          { key: 'what', header: t('batches.whatToEnter') },
        ]}
        rows={BATCH_CSV_COLUMNS.map((column) => ({
          key: column,
          cells: {
            column: <code>{column}</code>,
            required: BATCH_CSV_REQUIRED_COLUMNS.includes(column)
              ? column === 'postcode'
                ? t('batches.whenNeeded')
                : t('batches.yes')
              : SOMETIMES.has(column)
                ? t('batches.whenNeeded')
                : t('batches.no'),
            what: t(`batches.columns.${column}`),
          },
        }))}
      />
    </>
  );
}
