import {
  sql,
  type Kysely,
  type SelectQueryBuilder,
  type Selectable,
  type SelectType,
  type UpdateType,
} from 'kysely';
import type { Db } from './database';
import type { Database } from './schema';

/** Small reads and writes that many stores make of their own tables, each by a table's name and its columns. */

type Table = keyof Database & string;
type Column<T extends Table> = keyof Database[T] & string;
/** The tables seen without their column types, for the statements below (each typed at its signature). */
type Untyped = Kysely<Record<string, Record<string, unknown>>>;

/** One column of the row of `table` whose `key` column is `value`; undefined when there is no such row. */
export async function columnOf<T extends Table, C extends Column<T>>(
  db: Db,
  table: T,
  column: C,
  [key, value]: readonly [Column<T>, string],
): Promise<SelectType<Database[T][C]> | undefined> {
  const name: string = column;
  const row: Record<string, unknown> | undefined = await (db as unknown as Untyped)
    .selectFrom(table as string)
    .select(name)
    .where(key as string, '=', value)
    .executeTakeFirst();
  return row?.[name] as SelectType<Database[T][C]> | undefined;
}

/**
 * The row of `table` with this id, if it is also the `key` column's `keyValue` (the result it belongs to), locked
 * for the rest of the transaction when asked.
 */
export async function rowOf<T extends Table>(
  db: Db,
  table: T,
  id: string,
  [key, keyValue]: readonly [Column<T>, string],
  lock = false,
): Promise<Selectable<Database[T]> | undefined> {
  const query = (db as unknown as Untyped)
    .selectFrom(table as string)
    .selectAll()
    .where('id', '=', id)
    .where(key as string, '=', keyValue);
  return (await (lock ? query.forUpdate() : query).executeTakeFirst()) as Selectable<Database[T]> | undefined;
}

/**
 * Sets `column` to `value` on the rows of `table` whose `key` column is `keyValue`, once: a row that has a value
 * there already keeps it (a stop, a withdrawal, a replacement, a claim). Returns the `returning` column (by default
 * the key) of each row it set.
 */
export async function setOnce<T extends Table, C extends Column<T>>(
  db: Db,
  table: T,
  column: C,
  value: UpdateType<Database[T][C]>,
  [key, keyValue]: readonly [Column<T>, string],
  returning: Column<T> = key,
): Promise<string[]> {
  const name: string = returning;
  const rows: Record<string, unknown>[] = await (db as unknown as Untyped)
    .updateTable(table as string)
    .set({ [column]: value })
    .where(key as string, '=', keyValue)
    .where(column as string, 'is', null)
    .returning(name)
    .execute();
  return rows.map((row) => row[name] as string);
}

/**
 * Newest first (`created_at`), ties in order of the row's key (`id` unless named): the order of a store's list of
 * one thing's rows, as `query.$call(newestFirst())`.
 */
export const newestFirst =
  (key = 'id') =>
  <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
    query.orderBy(sql.ref('created_at'), 'desc').orderBy(sql.ref(key));

/** The rows of `table` whose `key` column is `keyValue`, newest first (ties by `tieKey`): a query to run. */
export function rowsNewestFirst<T extends Table>(
  db: Db,
  table: T,
  [key, keyValue]: readonly [Column<T>, string],
  tieKey: Column<T> = 'id' as Column<T>,
) {
  const query = (db as unknown as Untyped)
    .selectFrom(table as string)
    .selectAll()
    .where(key as string, '=', keyValue)
    .$call(newestFirst(tieKey));
  return query as unknown as {
    execute(): Promise<Selectable<Database[T]>[]>;
    executeTakeFirst(): Promise<Selectable<Database[T]> | undefined>;
  };
}

/** Whether a query finds any row (a store's "is there one already?"). */
export async function found(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await query.executeTakeFirst()) !== undefined;
}

/** Whether an update changed exactly one row (a claim still held, a row that exists). */
export async function changedOne(query: {
  executeTakeFirst(): Promise<{ numUpdatedRows: bigint }>;
}): Promise<boolean> {
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}
