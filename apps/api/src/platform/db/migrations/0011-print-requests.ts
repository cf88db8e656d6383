import { sql, type Kysely } from 'kysely';
import { createTable } from './tables';

/**
 * Paper copies and "who can see my result": each paper share becomes a print request that casework lists and
 * marks sent (keyed by the share, one request per paper share; paper shares made before this migration are
 * carried over as waiting requests), and an index to find the times a shared result was opened, which the
 * audit trail records as `shared_result.opened` events with the share's id in their detail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'print_requests', {
    share_id: 'uuid primary key references result_shares (id)',
    result_id: 'uuid not null references results (id)',
    requested_at: 'timestamptz not null',
    status: "text not null check (status in ('REQUESTED', 'SENT'))",
    sent_at: 'timestamptz',
  });
  await sql`create index print_requests_status on print_requests (status, requested_at)`.execute(db);
  await sql`
    insert into print_requests (share_id, result_id, requested_at, status)
    select id, result_id, created_at, 'REQUESTED' from result_shares where channel = 'PAPER'`.execute(db);

  await sql`
    create index audit_events_share_openings on audit_events ((detail ->> 'shareId'), occurred_at)
    where event = 'shared_result.opened'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists audit_events_share_openings`.execute(db);
  await db.schema.dropTable('print_requests').execute();
}
