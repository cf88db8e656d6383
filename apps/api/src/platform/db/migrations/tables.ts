import { sql, type Kysely } from 'kysely';

// Shared by the migrations that create tables (not a migration itself: index.ts lists those), like triggers.ts.
// A table is written as what `create table` takes: each column's SQL definition in order, then any named table
// constraints. The groups of columns that several tables hold for the same purpose are named below.

/** Column name to its SQL definition (type, then constraints), in the table's column order. */
export type Columns = Record<string, string>;

/** `create table <name> (<column> <definition>, …, constraint <name> <definition>, …)`. */
export async function createTable(
  db: Kysely<unknown>,
  name: string,
  columns: Columns,
  constraints: Record<string, string> = {},
): Promise<void> {
  const parts = [
    ...Object.entries(columns).map(([column, definition]) => sql`${sql.id(column)} ${sql.raw(definition)}`),
    ...Object.entries(constraints).map(
      ([constraint, definition]) => sql`constraint ${sql.id(constraint)} ${sql.raw(definition)}`,
    ),
  ];
  await sql`create table ${sql.id(name)} (${sql.join(parts)})`.execute(db);
}

/** Content sealed with the results' content key, AES-256-GCM (decision 0010): the key's id, IV, tag and ciphertext. */
export const sealedColumns: Columns = {
  key_id: 'text not null',
  iv: 'text not null',
  auth_tag: 'text not null',
  ciphertext: 'text not null',
};

/** A person's failed attempts at something, counted towards a lock (a date-of-birth or identity mismatch). */
export const attemptCounterColumns: Columns = {
  user_id: 'text primary key',
  attempts: 'integer not null default 0',
  last_attempt_at: 'timestamptz not null',
  locked_until: 'timestamptz',
};

/** A one-time code sent by email or text message, kept only as a keyed hash, and its wrong answers. */
export const oneTimeCodeColumns: Columns = {
  code_hash: 'text not null',
  issued_at: 'timestamptz not null',
  failed_attempts: 'integer not null default 0',
  used_at: 'timestamptz',
};

/**
 * `<table>_unclaimed`: the rows registered for an identity (`identity_hash`, the hash of an email address and a date
 * of birth) that no applicant's account has claimed yet, `claimedBy` still null: what an account's first read looks
 * for (Basic applications, decision 0052; paper applications, decision 0053).
 */
export async function createUnclaimedIndex(
  db: Kysely<unknown>,
  table: string,
  claimedBy: string,
): Promise<void> {
  await sql`create index ${sql.id(`${table}_unclaimed`)} on ${sql.id(table)} (identity_hash)
    where ${sql.id(claimedBy)} is null`.execute(db);
}

/** `drop table if exists` each of the tables, in the order given (a table before those it references). */
export async function dropTables(db: Kysely<unknown>, tables: string[]): Promise<void> {
  for (const table of tables) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
