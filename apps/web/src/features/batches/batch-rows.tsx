import { batchColumnInWords, isApplicationStatus, statusTag } from '@dis/domain';
import type { BulkApplicationCheck } from '@dis/domain/contracts';
import { useTranslation } from '../../i18n/react';
import { Table, Tag } from '../../components/content';

type RowSummary = BulkApplicationCheck['applicationSummaries'][number];

/** A row's tag: ready or errors before processing, then the organisation's tag of its application's status. */
function RowStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  if (isApplicationStatus(status)) {
    const tag = statusTag(status, 'organisation');
    return <Tag colour={tag.colour}>{tag.text}</Tag>;
  }
  return (
    <Tag colour={status === 'ERRORS' ? 'red' : 'green'}>
      {t(`batches.rowStatuses.${status}`, { defaultValue: status })}
    </Tag>
  );
}

/** The rows of a file (checked) or of a batch (uploaded): each error names its column in words, not its code. */
export function BatchRows({ rows }: { rows: readonly RowSummary[] }) {
  const { t } = useTranslation();
  return (
    <Table
      caption={t('batches.rowsCaption')}
      firstCellIsHeader
      columns={[
        { key: 'row', header: t('batches.row'), numeric: true },
        { key: 'lastName', header: t('batches.lastName') },
        { key: 'status', header: t('batches.rowStatus') },
        { key: 'reference', header: t('batches.reference') },
        { key: 'errors', header: t('batches.rowErrors') },
      ]}
      rows={rows.map((row) => ({
        key: String(row.index),
        cells: {
          row: String(row.index),
          lastName: row.applicantSurname ?? '',
          status: <RowStatus status={row.applicationStatus} />,
          reference: row.applicationReference ?? '',
          errors: row.errors.length ? (
            <ul className="govuk-list">
              {row.errors.map((error) => (
                <li key={error.field + error.reason}>
                  <strong>{batchColumnInWords(error.field)}</strong>: {error.reason}
                </li>
              ))}
            </ul>
          ) : (
            ''
          ),
        },
      }))}
    />
  );
}
