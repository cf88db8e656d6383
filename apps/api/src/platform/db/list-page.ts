import { sql, type AliasedSelectQueryBuilder, type Expression, type SelectQueryBuilder } from 'kysely';
import { listCountBound } from '@dis/domain';
import type { Db } from './database';

/** A whole number written into the statement (never text from a request). */
export const literal = (n: number) => sql<number>`${sql.lit(Math.trunc(n))}`;

/**
 * A list page's ids, as the sub-query `page` that the list's statement joins to the facts it shows
 * (docs/decisions/0024-fast-lists.md), each row carrying the count that stops after the bound (`total`).
 *
 * `inListOrder` selects the page's id and its order keys, in list order. Without `findOnce`, the page comes from the
 * top of the list's index and the count (`count`) rides along as a sub-query: each is found the cheapest way. With
 * `findOnce` (a name, decision 0037), the matches are found once, up to one past the bound, as a materialised CTE,
 * and both paged and counted (`count(*) over ()`): PostgreSQL plans a CTE for all its rows, where a sub-query was
 * planned for the page's 20, as if the count beside them did not need them all.
 */
export function listPage<Row extends Record<string, unknown>>(
  db: Db,
  inListOrder: SelectQueryBuilder<never, never, Row>,
  order: readonly (readonly [keyof Row & string, 'asc' | 'desc'])[],
  count: Expression<unknown>,
  options: { findOnce: boolean; bound: number; pageSize: number; offset: number },
): AliasedSelectQueryBuilder<Row & { total: string }, 'page'> {
  const { findOnce, bound, pageSize, offset } = options;
  if (!findOnce)
    return (
      inListOrder
        .select(sql<string>`(${count})`.as('total'))
        // Limits as literals (validated integers): a prepared statement's cached plan then knows them.
        .limit(literal(pageSize))
        .offset(literal(offset))
        .as('page')
    );
  let page = db
    .with(
      (cte) => cte('matches').materialized(),
      () => inListOrder.limit(literal(bound + 1)),
    )
    .selectFrom('matches')
    .selectAll('matches')
    .select(sql<string>`count(*) over ()`.as('total'));
  for (const [column, direction] of order) page = page.orderBy(sql.ref(`matches.${column}`), direction);
  // The CTE's rows are inListOrder's: the same row type, which Kysely cannot see through the generic.
  return page
    .limit(literal(pageSize))
    .offset(literal(offset))
    .as('page') as unknown as AliasedSelectQueryBuilder<Row & { total: string }, 'page'>;
}

/**
 * The ids of page `page` of a list (`listPage`) and the count they carry, which stops one past the bound
 * (`listCountBound`, decision 0024: enough for the pages up to the one asked for and some beyond it) and counts
 * `matches`: the list's matches, in list order unless the list says otherwise (by default `inListOrder` itself).
 */
export function pageOfList<Row extends Record<string, unknown>>(
  db: Db,
  inListOrder: SelectQueryBuilder<never, never, Row>,
  order: readonly (readonly [keyof Row & string, 'asc' | 'desc'])[],
  options: {
    matches?: SelectQueryBuilder<never, never, unknown>;
    findOnce: boolean;
    page: number;
    pageSize: number;
  },
) {
  const { findOnce, page, pageSize } = options;
  const offset = (page - 1) * pageSize;
  const bound = listCountBound(offset, pageSize);
  const count = db
    .selectFrom((options.matches ?? inListOrder).limit(literal(bound + 1)).as('matches'))
    .select((eb) => eb.fn.countAll<string>().as('total'));
  const pageIds = listPage(db, inListOrder, order, count, { findOnce, bound, pageSize, offset });
  return { pageIds, count, bound };
}

/**
 * Runs a list page's statement and gives its rows and total. An empty page carries no count: nothing matches when it
 * is the first page, otherwise it is past the end and the count runs alone. Past the bound the total says "more than
 * this many" (`totalIsLowerBound`): the last page offered is the bound's.
 */
export async function readListPage<Row extends { total: string }>(
  statements: {
    rows: { execute(): Promise<Row[]> };
    count: { executeTakeFirstOrThrow(): Promise<{ total: string }> };
    bound: number;
  },
  page: number,
) {
  const rows = await statements.rows.execute();
  const counted =
    rows.length > 0
      ? Number(rows[0]!.total)
      : page === 1
        ? 0
        : Number((await statements.count.executeTakeFirstOrThrow()).total);
  return {
    rows,
    total: Math.min(counted, statements.bound),
    totalIsLowerBound: counted > statements.bound,
  };
}
