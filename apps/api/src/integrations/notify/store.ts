import type { Db } from '../../platform/db/database';

// The outbox table of the local Notify stand-in (never used with the real service).

export interface OutboxRow {
  id: string;
  kind: 'email' | 'sms';
  templateId: string;
  to: string;
  subject: string;
  body: string;
  personalisation: Record<string, string>;
  reference: string | null;
  createdAt: Date;
}

export async function insertOutboxMessage(db: Db, row: OutboxRow): Promise<void> {
  await db
    .insertInto('notify_outbox')
    .values({
      id: row.id,
      kind: row.kind,
      template_id: row.templateId,
      to_address: row.to,
      subject: row.subject,
      body: row.body,
      personalisation: JSON.stringify(row.personalisation),
      reference: row.reference,
      created_at: row.createdAt,
    })
    .execute();
}

/** The newest messages first. */
export async function latestOutboxMessages(db: Db, limit: number) {
  return db
    .selectFrom('notify_outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
