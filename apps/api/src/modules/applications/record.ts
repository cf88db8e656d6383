/**
 * An application as this module hands it to the others: the module's own record, which its store maps each row to
 * (never the database's row type). It keeps the columns' names, so the drafts, payments and hand-over code reads
 * `row.type_code` as before, but it is written out here: the generated search column stays inside the store, the
 * two JSON parts are plain objects, and a column added to the table reaches the other modules only once it is
 * added here and mapped (decision 0061).
 */
export interface Application {
  id: string;
  reference: string;
  type_code: string;
  status: string;
  /** O online, B a row of a CSV batch, P paper. */
  channel: string;
  organisation_code: string | null;
  countersignatory_id: string | null;
  applicant_user_id: string | null;
  applicant_name: string | null;
  created_at: Date;
  status_last_changed: Date;
  expired_duration_days: number | null;
  /** The organisation's part (its draft), unparsed: `readStored` parses it. */
  data: Record<string, unknown>;
  result_id: string | null;
  /** The applicant's sign-in link identifier (a UUID, never the draft token); null until handed over. */
  link_id: string | null;
  /** The applicant's part (answers, declaration, payment), unparsed; null until linked or started. */
  applicant_data: Record<string, unknown> | null;
  /** When an unverified Level 1's identity documents are due; null when none are awaited. */
  identity_documents_due_at: Date | null;
}

/** The columns a change may set; the two parts as JSON text. */
export type ApplicationChanges = Partial<
  Pick<
    Application,
    | 'status'
    | 'status_last_changed'
    | 'applicant_user_id'
    | 'applicant_name'
    | 'expired_duration_days'
    | 'result_id'
    | 'link_id'
    | 'identity_documents_due_at'
  >
> & { data?: string; applicant_data?: string | null };

/** A new application (a draft, or a paper application received): created now unless its time is given. */
export type NewApplication = ApplicationChanges &
  Pick<
    Application,
    | 'id'
    | 'reference'
    | 'type_code'
    | 'status'
    | 'channel'
    | 'organisation_code'
    | 'countersignatory_id'
    | 'applicant_user_id'
    | 'status_last_changed'
  > & { created_at?: Date; data: string };

/** Internal status of an organisation draft before hand-over; never listed (the spec's statuses start at WITH_APPLICANT). */
export const DRAFT_STATUS = 'DRAFT';
