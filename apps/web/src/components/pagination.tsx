import { Trans, useTranslation } from '../i18n/react';
import { Link } from '../lib/router';

/** The page asked for in the address bar (`?page=`), from 1; anything else is page 1. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

interface PaginationProps {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}

// Shows the first, last and the pages next to the current one, with ellipses between, per the Design System.
function visiblePages(page: number, totalPages: number): (number | 'gap')[] {
  const wanted = new Set([1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((p, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && p - previous > 1) result.push('gap');
    result.push(p);
  });
  return result;
}

/** The Design System's arrow of the previous or next link. */
const ARROWS = {
  prev: 'm6.5938-0.0078125-6.7266 6.7266 6.7441 6.4062 1.377-1.449-4.1856-3.9768h12.896v-2h-12.984l4.2931-4.293-1.414-1.414z',
  next: 'm8.107-0.0078125-1.4136 1.414 4.2926 4.293h-12.986v2h12.896l-4.1855 3.9766 1.377 1.4492 6.7441-6.4062-6.7246-6.7266z',
};

function PaginationArrow({ direction }: { direction: keyof typeof ARROWS }) {
  return (
    <svg
      className={`govuk-pagination__icon govuk-pagination__icon--${direction}`}
      xmlns="http://www.w3.org/2000/svg"
      height="13"
      width="15"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 15 13"
    >
      <path d={ARROWS[direction]} />
    </svg>
  );
}

export function Pagination({ page, totalPages, hrefFor }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="govuk-pagination" aria-label={t('pagination.label')}>
      {page > 1 && (
        <div className="govuk-pagination__prev">
          <Link className="govuk-link govuk-pagination__link" to={hrefFor(page - 1)} rel="prev">
            <PaginationArrow direction="prev" />
            <span className="govuk-pagination__link-title">
              <Trans
                i18nKey="pagination.previous"
                components={[<span className="govuk-visually-hidden" key="hidden" />]}
              />
            </span>
          </Link>
        </div>
      )}
      <ul className="govuk-pagination__list">
        {visiblePages(page, totalPages).map((item, index) =>
          item === 'gap' ? (
            <li className="govuk-pagination__item govuk-pagination__item--ellipses" key={`gap-${index}`}>
              &ctdot;
            </li>
          ) : (
            <li
              className={
                item === page
                  ? 'govuk-pagination__item govuk-pagination__item--current'
                  : 'govuk-pagination__item'
              }
              key={item}
            >
              <Link
                className="govuk-link govuk-pagination__link"
                to={hrefFor(item)}
                aria-label={t('pagination.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < totalPages && (
        <div className="govuk-pagination__next">
          <Link className="govuk-link govuk-pagination__link" to={hrefFor(page + 1)} rel="next">
            <span className="govuk-pagination__link-title">
              <Trans
                i18nKey="pagination.next"
                components={[<span className="govuk-visually-hidden" key="hidden" />]}
              />
            </span>
            <PaginationArrow direction="next" />
          </Link>
        </div>
      )}
    </nav>
  );
}

/**
 * Where a page stands in its list, as a status line ("Showing 21 to 40 of 57 …", "… of more than 1000 …" past the
 * count's bound, the `_one` form for a single item), then the page links.
 */
export function ListPosition({
  page,
  pageSize,
  list,
  textKey,
  hrefFor,
}: {
  page: number;
  pageSize: number;
  /** The page of the list as the API answers it: its rows and the count of all of them. */
  list: { summaries: readonly unknown[]; totalElements: number; totalIsLowerBound?: boolean | undefined };
  /** The list's texts: `${textKey}.showing` (with its plural forms) and `${textKey}.showingMoreThan`. */
  textKey: 'dashboard' | 'resultsSummary';
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation();
  const offset = (page - 1) * pageSize;
  const { totalElements: total, totalIsLowerBound } = list;
  const shown = list.summaries.length;
  return (
    <>
      {/* A page past the last shows no rows: the page says so, and the pages are still linked. */}
      {shown > 0 && (
        <p className="govuk-body" role="status">
          {t(totalIsLowerBound ? `${textKey}.showingMoreThan` : `${textKey}.showing`, {
            from: Math.min(offset + 1, total),
            to: Math.min(offset + shown, total),
            total,
            count: total,
          })}
        </p>
      )}
      <Pagination page={page} totalPages={Math.ceil(total / pageSize)} hrefFor={hrefFor} />
    </>
  );
}
