import { sql, type Kysely } from 'kysely';
import { createTable, dropTables, sealedColumns } from './tables';

/**
 * Signed results and their check codes (issue 32, decision 0051). Each version of a result (its issue, then each
 * appeal outcome or review decision) is signed once; its JWS carries the result's content, so it is kept sealed
 * with the results' content key (AES-256-GCM, decision 0010) and only its digest and key id are plain. A check
 * code belongs to one version and one copy (the applicant's print, or a recipient's view of a share) and is kept
 * only as a keyed hash; each check made with a code that was found is a row of `result_checks`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'result_versions',
    {
      id: 'uuid primary key',
      result_id: 'uuid not null references results (id)',
      version: 'integer not null',
      reason: "text not null check (reason in ('ISSUED', 'APPEAL_OUTCOME', 'REVIEW_DECISION'))",
      kid: 'text not null',
      digest: 'text not null',
      ...sealedColumns,
      created_at: 'timestamptz not null',
      replaced_at: 'timestamptz',
    },
    { result_versions_result_version: 'unique (result_id, version)' },
  );

  await createTable(
    db,
    'result_check_codes',
    {
      id: 'uuid primary key',
      result_id: 'uuid not null references results (id)',
      version_id: 'uuid not null references result_versions (id)',
      copy: "text not null check (copy in ('APPLICANT', 'RECIPIENT'))",
      share_id: 'uuid references result_shares (id)',
      code_hash: 'text not null unique',
      created_at: 'timestamptz not null',
      withdrawn_at: 'timestamptz',
    },
    { result_check_codes_copy_share: "check ((copy = 'RECIPIENT') = (share_id is not null))" },
  );
  await sql`create index result_check_codes_result on result_check_codes (result_id, created_at)`.execute(db);

  await createTable(db, 'result_checks', {
    id: 'uuid primary key',
    code_id: 'uuid not null references result_check_codes (id)',
    result_id: 'uuid not null references results (id)',
    outcome: "text not null check (outcome in ('CURRENT', 'WITHDRAWN', 'REPLACED'))",
    checked_at: 'timestamptz not null',
  });
  await sql`create index result_checks_result on result_checks (result_id, checked_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['result_checks', 'result_check_codes', 'result_versions']);
}
