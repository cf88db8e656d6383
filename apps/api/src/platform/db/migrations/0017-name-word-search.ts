import { sql, type Kysely } from 'kysely';

/**
 * A name search of more than one word narrows its candidates by the names' words (docs/decisions/0037-name-search-by-words.md).
 * The lists' filter is still "the name contains the text, in any case" (`platform/db/name-search.ts`); what changes
 * is how its candidates are found. Text typed with a space in it says where words of the name begin and end: in
 * "mairi mac" a word of the name ends with "mairi" and the next one begins with "mac". The trigram index finds such
 * a name through trigrams that begin words, which nearly every name has (" ma", "  m"), so a search like it read
 * about 900,000 index entries at a million applications. Here each name is indexed by the beginnings (`>mac`) and
 * the endings (`<mairi`) of its words, and the search asks for those of its own words whose edges it knows: two
 * index entries, each as common as the word. The name is still matched against the whole text, so nothing more is
 * found than before, and nothing less: a name containing the text has every word edge the text shows.
 *
 * Words are split at single spaces, as the text is: the text's space is a space of the name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every beginning and every ending of each word of a (lower-cased) name.
  await sql`create function applicant_name_words(name text) returns text[]
    language sql immutable strict parallel safe as $$
      select coalesce(array_agg(distinct token), '{}') from (
        select '>' || left(word, n) as token
          from unnest(string_to_array(name, ' ')) word, generate_series(1, length(word)) n
        union all
        select '<' || right(word, n)
          from unnest(string_to_array(name, ' ')) word, generate_series(1, length(word)) n
      ) tokens
    $$`.execute(db);
  // The word edges a searched text shows: a part after a space begins a word, a part before one ends a word. Text
  // without a space shows none (an empty array, which every name contains).
  await sql`create function applicant_name_query_words(text text) returns text[]
    language sql immutable strict parallel safe as $$
      with parts as (
        select part, i, count(*) over () as n from unnest(string_to_array(text, ' ')) with ordinality as p(part, i)
      )
      select coalesce(array_agg(distinct token), '{}') from (
        select '>' || part as token from parts where i > 1 and part <> ''
        union all
        select '<' || part from parts where i < n and part <> ''
      ) tokens
    $$`.execute(db);
  await sql`create index applications_applicant_name_words on applications
    using gin (applicant_name_words(applicant_name_search))`.execute(db);
  await sql`analyze applications`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists applications_applicant_name_words`.execute(db);
  await sql`drop function if exists applicant_name_query_words(text)`.execute(db);
  await sql`drop function if exists applicant_name_words(text)`.execute(db);
}
