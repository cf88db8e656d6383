import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LIST_COUNT_BOUND } from '@dis/domain';
import { listSummaries } from '../src/modules/applications/store';
import { migrateToLatest, type DatabaseHandle } from '../src/platform/db/database';
import { seedLocalRegister } from '../src/modules/organisations/seed';
import { ENGINES } from './harness';

const LIST_INDEXES = [
  'applications_organisation_list',
  'applications_organisation_status_list',
  'applications_countersignatory_list',
  'applications_applicant_list',
  'applications_applicant_name_search_trgm',
  'applications_applicant_name_words',
  'results_organisation_list',
  'results_countersignatory_list',
  'results_applicant_name_words',
  'results_applicant_name_search_trgm',
  'results_unreleased_application',
  'results_ready_application',
  'results_viewed_application',
];

describe.each(ENGINES)('list indexes and bounded counts on $name', (engine) => {
  let opened: Awaited<ReturnType<typeof engine.open>>;
  let database: DatabaseHandle;
  beforeAll(async () => {
    opened = await engine.open();
    database = opened.database;
    await migrateToLatest(database.db);
    await seedLocalRegister(database.db);
  });
  afterAll(async () => opened.dispose());

  it('has every list index after migration, with the trigram extension behind name search', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where schemaname = current_schema()`.execute(database.db);
    const defs = new Map(rows.map((r) => [r.indexname, r.indexdef]));
    for (const name of LIST_INDEXES) expect(defs.has(name), name).toBe(true);
    // Organisation, then the list's order with its tie-breaker; drafts (never listed) left out.
    expect(defs.get('applications_organisation_list')).toMatch(
      /\(organisation_code, status_last_changed DESC, id\) INCLUDE \(type_code, status, applicant_name_search\) WHERE \(status <> 'DRAFT'::text\)/,
    );
    // A result status's matches come from the results in that state alone (migration 0015).
    expect(defs.get('results_ready_application')).toMatch(
      /\(application_id\) WHERE \(\(released_to_organisation_at IS NOT NULL\) AND \(organisation_viewed_at IS NULL\)\)/,
    );
    expect(defs.get('applications_applicant_name_search_trgm')).toMatch(
      /USING gin \(applicant_name_search gin_trgm_ops\)/,
    );
    // The results summary from its index alone: what its filters read is carried (migration 0018).
    expect(defs.get('results_organisation_list')).toMatch(
      /\(organisation_code, date_of_issue DESC, created_at DESC, id\) INCLUDE \(application_id, countersignatory_id, organisation_viewed_at, applicant_name_search\) WHERE \(released_to_organisation_at IS NOT NULL\)/,
    );
    expect(defs.get('results_applicant_name_words')).toMatch(
      /USING gin \(applicant_name_words\(applicant_name_search\)\) WHERE \(released_to_organisation_at IS NOT NULL\)/,
    );
    // Word edges of the lower-cased name, for a search of more than one word (migration 0017).
    expect(defs.get('applications_applicant_name_words')).toMatch(
      /USING gin \(applicant_name_words\(applicant_name_search\)\)/,
    );
    const extensions = await sql<{ extname: string }>`select extname from pg_extension`.execute(database.db);
    expect(extensions.rows.map((r) => r.extname)).toContain('pg_trgm');
  });

  it('counts exactly up to the bound, then says "more than" and still offers the pages ahead', async () => {
    const count = LIST_COUNT_BOUND + 250;
    await sql`
      insert into applications (id, reference, type_code, status, organisation_code, applicant_name, status_last_changed)
      select 'perf-' || g, 'P' || lpad(g::text, 8, '0'), 'LB', 'SUBMITTED', 'RB2002', 'Applicant ' || g,
        timestamptz '2026-01-01T00:00:00Z' + g * interval '1 minute'
      from generate_series(1, ${count}) g`.execute(database.db);
    // A draft is never listed nor counted.
    await sql`
      insert into applications (id, reference, type_code, status, organisation_code, status_last_changed)
      values ('perf-draft', 'PDRAFT', 'LB', 'DRAFT', 'RB2002', now())`.execute(database.db);

    const first = await listSummaries(database.db, { organisationCode: 'RB2002' }, 1, 20);
    expect(first).toMatchObject({ total: LIST_COUNT_BOUND, totalIsLowerBound: true });
    // Newest change first, the tie-breaker after it.
    expect(first.rows.map((r) => r.id).slice(0, 3)).toEqual([
      `perf-${count}`,
      `perf-${count - 1}`,
      `perf-${count - 2}`,
    ]);

    // A deep page counts far enough to show itself and the pages after it: here every match.
    const deep = await listSummaries(database.db, { organisationCode: 'RB2002' }, 60, 20);
    expect(deep).toMatchObject({ total: count, totalIsLowerBound: false });
    expect(deep.rows.map((r) => r.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => `perf-${count - 59 * 20 - i}`),
    );

    // Past the last page: no rows, and the count still answers.
    expect(await listSummaries(database.db, { organisationCode: 'RB2002' }, 100, 20)).toMatchObject({
      rows: [],
      total: count,
    });
    expect(await listSummaries(database.db, { organisationCode: 'RB1001' }, 1, 20)).toMatchObject({
      rows: [],
      total: 0,
    });

    // The countersignatory-code filter (a sub-query, so the page still comes from the list index).
    await sql`update applications set countersignatory_id = 'csg-b-jamie' where id in ('perf-7', 'perf-9')`.execute(
      database.db,
    );
    const byCode = await listSummaries(
      database.db,
      { organisationCode: 'RB2002', csgCode: 'CSB200001' },
      1,
      20,
    );
    expect(byCode.rows.map((r) => r.id)).toEqual(['perf-9', 'perf-7']);
    expect(byCode.total).toBe(2);

    // Small results stay exact.
    const searched = await listSummaries(
      database.db,
      { organisationCode: 'RB2002', applicantName: 'Applicant 12' },
      1,
      20,
    );
    // 12, 120–129 and 1200–1250.
    expect(searched.total).toBe(1 + 10 + 51);
    expect(searched.totalIsLowerBound).toBe(false);
  });

  it('finds through the word index every name that contains a text with a space: each such text of each name', async () => {
    // Every piece of these names that holds a space, searched for: the word edges it asks for are always among the
    // name's own, so the index never leaves out a name that contains the text (the name is then matched as before).
    const names = [
      'mairi macleod',
      'siobhán ó briain',
      "anne-marie  o'neil ",
      ' jean paul de la tour',
      'a b',
      '100% _x\\ y',
    ];
    const { rows } = await sql<{ name: string; piece: string }>`
      select name, piece
      from unnest(${names}::text[]) name,
        generate_series(1, length(name)) first, generate_series(first, length(name)) last,
        substr(name, first, last - first + 1) piece
      where position(' ' in piece) > 0
        and not applicant_name_words(name) @> applicant_name_query_words(piece)`.execute(database.db);
    expect(rows).toEqual([]);
    // And what the index is asked for: the ending of the word before each space, the beginning of the one after.
    const asked = await sql<{ words: string[] }>`
      select applicant_name_query_words(${'mairi mac'}) as words`.execute(database.db);
    expect([...asked.rows[0]!.words].sort()).toEqual(['<mairi', '>mac']);
  });

  it('finds a name containing the text in any case, accents included, and takes typed wildcards as themselves', async () => {
    await sql`
      insert into applications (id, reference, type_code, status, organisation_code, applicant_name, status_last_changed)
      values
        ('name-1', 'N1', 'LB', 'SUBMITTED', 'RB1001', 'Siobhán Ó BRIAIN', now()),
        ('name-2', 'N2', 'LB', 'SUBMITTED', 'RB1001', 'Seán MacLeod', now() - interval '1 minute'),
        ('name-3', 'N3', 'LB', 'SUBMITTED', 'RB1001', 'Percent 100% Jones', now() - interval '2 minutes'),
        ('name-4', 'N4', 'LB', 'DRAFT', 'RB1001', 'Sean Draft', now())`.execute(database.db);
    const search = async (applicantName: string) =>
      (await listSummaries(database.db, { organisationCode: 'RB1001', applicantName }, 1, 20)).rows.map(
        (r) => r.id,
      );
    /** Each of `texts` finds exactly `ids`. */
    const expectFound = async (ids: string[], ...texts: string[]) => {
      for (const text of texts) expect(await search(text), text).toEqual(ids);
    };
    await expectFound(['name-1'], 'ó briain', 'SIOBHÁN');
    await expectFound(['name-2'], 'mac', 'SEÁN');
    await expectFound(['name-3'], '100%', '%');
    await expectFound([], '_');
    // Drafts are never listed, whatever their name.
    await expectFound([], 'draft');
    // Text of more than one word (found through the names' word edges) still means "contains": a word's end and the
    // next one's beginning, any case, the typed spaces exactly.
    await expectFound(['name-2'], 'seán macl', 'án MAC', 'n m', ' macleod');
    await expectFound(['name-1'], 'hán ó b');
    await expectFound(['name-3'], '0% jo', '% jones');
    await expectFound([], '_ jones', 'macleod seán', 'macleod ', 'seán  macleod', 'sea macleod');
    if (database.engine === 'postgres') {
      // A search is planned with its text every time (a rare name wants the trigram index, a common one the list
      // index): it is never kept as a prepared statement, which PostgreSQL may give one generic plan for all
      // names. The other list statements are kept (the list's status filter here).
      for (let i = 0; i < 8; i++) await search('mac');
      await listSummaries(database.db, { organisationCode: 'RB1001', status: 'SUBMITTED' }, 1, 20);
      await listSummaries(database.db, { organisationCode: 'RB1001', status: 'SUBMITTED' }, 1, 20);
      // One connection: the pool hands back the client it just released, so this sees its statements.
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        database.db,
      );
      const statements = prepared.rows.map((r) => r.statement);
      expect(statements.some((s) => s.includes('"applications"."status" ='))).toBe(true);
      expect(statements.filter((s) => s.includes('applicant_name_search'))).toEqual([]);
    }
  });
});
