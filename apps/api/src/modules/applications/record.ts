import type { Selectable } from 'kysely';
import type { ApplicationsTable } from '../../platform/db/schema/applications';

/**
 * The columns of an application as this module hands it to the others: the module's own record, which its store
 * selects and maps each row to (never the database's whole row). It keeps the columns' names, so the drafts,
 * payments and hand-over code reads `row.type_code` as before, and their types as the schema reads them (the two
 * JSON parts plain objects; `data` is the organisation's part and `applicant_data` the applicant's, both unparsed).
 * The generated search column stays inside the store, and a column added to the table reaches the other modules
 * only once it is named here (decision 0061).
 */
export const APPLICATION_COLUMNS = [
  'id',
  'reference',
  'type_code',
  'status',
  'channel',
  'organisation_code',
  'countersignatory_id',
  'applicant_user_id',
  'applicant_name',
  'created_at',
  'status_last_changed',
  'expired_duration_days',
  'data',
  'result_id',
  'link_id',
  'applicant_data',
  'identity_documents_due_at',
] as const;

/** An application: the record's columns, typed as the schema reads them (see `ApplicationsTable`). */
export type Application = Pick<Selectable<ApplicationsTable>, (typeof APPLICATION_COLUMNS)[number]>;

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

/**
 * A new application (a draft, or a paper application received): every column a change cannot set, with its
 * status, applicant and status time; created now unless its time is given.
 */
export type NewApplication = ApplicationChanges &
  Omit<Application, keyof ApplicationChanges | 'created_at'> &
  Pick<Application, 'status' | 'applicant_user_id' | 'status_last_changed'> & {
    created_at?: Date;
    data: string;
  };

/** Internal status of an organisation draft before hand-over; never listed (the spec's statuses start at WITH_APPLICANT). */
export const DRAFT_STATUS = 'DRAFT';
