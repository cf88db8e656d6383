import { useId, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { Link } from '../lib/router';

// Small presentational GOV.UK components that hold no behaviour.

export function Panel({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="govuk-panel govuk-panel--confirmation">
      <h1 className="govuk-panel__title">{title}</h1>
      {children && <div className="govuk-panel__body">{children}</div>}
    </div>
  );
}

export type TagColour =
  'grey' | 'green' | 'turquoise' | 'blue' | 'light-blue' | 'purple' | 'pink' | 'red' | 'orange' | 'yellow';

export function Tag({ colour, children }: { colour?: TagColour | undefined; children: ReactNode }) {
  return <strong className={colour ? `govuk-tag govuk-tag--${colour}` : 'govuk-tag'}>{children}</strong>;
}

export function InsetText({ children }: { children: ReactNode }) {
  return <div className="govuk-inset-text">{children}</div>;
}

export function WarningText({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="govuk-warning-text">
      <span className="govuk-warning-text__icon" aria-hidden="true">
        !
      </span>
      <strong className="govuk-warning-text__text">
        <span className="govuk-visually-hidden">{t('common.warning')}</span>
        {children}
      </strong>
    </div>
  );
}

export interface SummaryRow {
  key: ReactNode;
  value: ReactNode;
  action?: { href: string; text: string; visuallyHiddenText: string };
}

export function SummaryList({ rows, noBorder }: { rows: SummaryRow[]; noBorder?: boolean }) {
  return (
    <dl className={noBorder ? 'govuk-summary-list govuk-summary-list--no-border' : 'govuk-summary-list'}>
      {rows.map((row, index) => (
        <div
          className={
            row.action
              ? 'govuk-summary-list__row'
              : 'govuk-summary-list__row govuk-summary-list__row--no-actions'
          }
          key={index}
        >
          <dt className="govuk-summary-list__key">{row.key}</dt>
          <dd className="govuk-summary-list__value">{row.value}</dd>
          {row.action && (
            <dd className="govuk-summary-list__actions">
              <a className="govuk-link" href={row.action.href}>
                {row.action.text}
                <span className="govuk-visually-hidden"> {row.action.visuallyHiddenText}</span>
              </a>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

export interface TableColumn {
  key: string;
  header: ReactNode;
  numeric?: boolean;
}

/** A table's columns from their keys, each headed by the text its key names (usually `t(prefix + key)`). */
export const columnsOf = (keys: readonly string[], header: (key: string) => ReactNode): TableColumn[] =>
  keys.map((key) => ({ key, header: header(key) }));

interface TableProps {
  caption: ReactNode;
  captionSize?: 's' | 'm' | 'l';
  captionHidden?: boolean;
  columns: TableColumn[];
  rows: { key: string; cells: Record<string, ReactNode> }[];
  /** The first column names the row, so it is a row header for screen readers. */
  firstCellIsHeader?: boolean;
}

export function Table({
  caption,
  captionSize = 'm',
  captionHidden,
  columns,
  rows,
  firstCellIsHeader,
}: TableProps) {
  const captionId = useId();
  // WCAG 1.4.10: a table keeps its two dimensions and scrolls sideways inside its own region (named by its
  // caption, focusable so a keyboard can scroll it) when the screen is narrower; the page itself reflows.
  return (
    <div className="app-table-container" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="govuk-table">
        <caption
          id={captionId}
          className={
            captionHidden
              ? 'govuk-table__caption govuk-visually-hidden'
              : `govuk-table__caption govuk-table__caption--${captionSize}`
          }
        >
          {caption}
        </caption>
        <thead className="govuk-table__head">
          <tr className="govuk-table__row">
            {columns.map((column) => (
              <th
                scope="col"
                className={
                  column.numeric ? 'govuk-table__header govuk-table__header--numeric' : 'govuk-table__header'
                }
                key={column.key}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="govuk-table__body">
          {rows.map((row) => (
            <tr className="govuk-table__row" key={row.key}>
              {columns.map((column, index) =>
                index === 0 && firstCellIsHeader ? (
                  <th scope="row" className="govuk-table__header" key={column.key}>
                    {row.cells[column.key]}
                  </th>
                ) : (
                  <td
                    className={
                      column.numeric ? 'govuk-table__cell govuk-table__cell--numeric' : 'govuk-table__cell'
                    }
                    key={column.key}
                  >
                    {row.cells[column.key]}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Paragraph lists kept in en.json as arrays. */
export function Paragraphs({ items }: { items: string[] }) {
  return (
    <>
      {items.map((text) => (
        <p className="govuk-body" key={text}>
          {text}
        </p>
      ))}
    </>
  );
}

/** A paragraph that is one link to a page of the app ("Go to your dashboard", "Contact us"). */
export function LinkParagraph({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="govuk-body">
      <Link className="govuk-link" to={to}>
        {children}
      </Link>
    </p>
  );
}

export function BulletList({ items }: { items: string[] }) {
  return (
    <ul className="govuk-list govuk-list--bullet">
      {items.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}
