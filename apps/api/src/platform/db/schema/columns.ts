import type { ColumnType } from 'kysely';

/** A timestamp column: read as a Date, written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp column the database fills in (its default) unless an insert gives one: read as a Date. */
export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A date column (YYYY-MM-DD), read and written as text. */
export type DateOnly = ColumnType<string, string, string>;
/** A nullable column that an insert may leave out (most added by a later migration): read as T, written as W. */
export type OptionalColumn<T, W = T> = ColumnType<T | null, W | null | undefined, W | null>;
