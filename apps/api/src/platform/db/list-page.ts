import { sql, type AliasedSelectQueryBuilder, type Expression, type SelectQueryBuilder } from 'kysely';
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
