import type { Db } from '../../platform/db/database';

export interface CspReportRow {
  documentPath: string;
  directive: string;
  blocked: string;
  source: string | null;
  disposition: string;
}

export async function insertCspReports(db: Db, rows: CspReportRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('csp_reports')
    .values(
      rows.map((row) => ({
        received_at: now,
        document_path: row.documentPath,
        directive: row.directive,
        blocked: row.blocked,
        source: row.source,
        disposition: row.disposition,
      })),
    )
    .execute();
}
