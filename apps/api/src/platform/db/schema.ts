import type { ColumnType, Generated, JSONColumnType, SelectType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DateOnly = ColumnType<string, string, string>;

export interface UsersTable {
  id: string;
  subject: string;
  roles: string[];
  assurance_level: string;
  forename: string;
  middle_names: string | null;
  surname: string;
  date_of_birth: DateOnly | null;
  email: string | null;
  phone: string | null;
  countersignatory_id: string | null;
  created_at: Generated<Timestamp>;
  last_signed_in_at: Timestamp;
}

export interface SessionsTable {
  sid: string;
  data: JSONColumnType<Record<string, unknown>>;
  expires_at: Timestamp;
}

export interface AuditEventsTable {
  id: Generated<string>;
  occurred_at: Generated<Timestamp>;
  event: string;
  outcome: string;
  user_id: string | null;
  request_id: string | null;
  detail: JSONColumnType<Record<string, unknown>>;
}

export interface JobsTable {
  id: Generated<string>;
  kind: string;
  payload: JSONColumnType<Record<string, unknown>>;
  run_at: Timestamp;
  status: Generated<'pending' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  locked_until: Timestamp | null;
  created_at: Generated<Timestamp>;
}

export interface RegisteredBodiesTable {
  code: string;
  name: string;
  address: JSONColumnType<Record<string, string>>;
  email: string;
  main_phone: string;
  qualifying_voluntary: boolean;
}

export interface CountersignatoriesTable {
  id: string;
  registered_body_code: string;
  countersignatory_code: string;
  role: 'CSG' | 'LEVEL1_CSG';
  is_lead: boolean;
  title: string;
  forename: string;
  middle_names: string | null;
  surname: string;
  email: string;
}

export interface CostCentresTable {
  registered_body_code: string;
  cost_centre_code: string;
}

export interface DeclarationsTable {
  user_id: string;
  signed_on: DateOnly;
  signed_at: Timestamp;
}

export interface ApplicationsTable {
  id: string;
  reference: string;
  type_code: string;
  status: string;
  channel: string;
  organisation_code: string | null;
  countersignatory_id: string | null;
  applicant_user_id: string | null;
  applicant_name: string | null;
  created_at: Generated<Timestamp>;
  status_last_changed: Timestamp;
  expired_duration_days: number | null;
  data: JSONColumnType<Record<string, unknown>>;
  result_id: string | null;
  /** Migration 0002: the applicant's sign-in link identifier (a UUID, never the draft token). */
  link_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0003: the applicant's part (answers, declaration, payment); null until linked or started. */
  applicant_data: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

export interface DobMismatchAttemptsTable {
  user_id: string;
  attempts: number;
  last_attempt_at: Timestamp;
  locked_until: Timestamp | null;
}

/** Failed identity matches when linking an emailed application (the lockout counts them). */
export interface LinkMatchAttemptsTable {
  user_id: string;
  attempts: number;
  last_attempt_at: Timestamp;
  locked_until: Timestamp | null;
}

export interface SchemeMembershipsTable {
  subject: string;
  pvg_membership_number: string;
  joined_child_scheme_on: DateOnly | null;
  joined_adult_scheme_on: DateOnly | null;
}

export interface PaymentsTable {
  id: string;
  application_id: string;
  provider_payment_id: string | null;
  amount: number;
  payment_type: string;
  description: string;
  return_path: string;
  state: string;
  next_url: string | null;
  active: Generated<boolean>;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface LocalPaymentsTable {
  payment_id: string;
  amount: number;
  reference: string;
  description: string;
  return_url: string;
  status: string;
  created_at: Timestamp;
}

export interface NotifyOutboxTable {
  id: string;
  kind: 'email' | 'sms';
  template_id: string;
  to_address: string;
  subject: string;
  body: string;
  personalisation: JSONColumnType<Record<string, unknown>>;
  reference: string | null;
  created_at: Timestamp;
}

export interface FeedbackTable {
  id: Generated<string>;
  rating: string;
  journey: string;
  created_at: Timestamp;
}

/** Migration 0004: an issued result; the criminal-record content is in result_contents, encrypted. */
export interface ResultsTable {
  id: string;
  application_id: string;
  organisation_code: string | null;
  countersignatory_id: string | null;
  applicant_user_id: string;
  preset: string;
  disclosure_type_code: string;
  disclosure_number: string;
  channel: string;
  date_of_issue: DateOnly;
  share_expiry_date: DateOnly;
  shareable: boolean;
  is_countersigned: boolean;
  is_review_eligible: boolean;
  under_consideration: boolean;
  has_appealable_convictions: boolean;
  scheme_membership_number: string | null;
  scheduled_pending_release_date: DateOnly | null;
  appeal_decision: Generated<string>;
  appeal_decided_at: Timestamp | null;
  appeal_outcome: string | null;
  appeal_outcome_at: Timestamp | null;
  released_to_organisation_at: Timestamp | null;
  released_by: string | null;
  first_viewed_at: Timestamp | null;
  basic_opened_at: Timestamp | null;
  organisation_viewed_at: Timestamp | null;
  organisation_viewed_by: string | null;
  review_requested_at: Timestamp | null;
  review_expiry_date: DateOnly | null;
  review_decision: string | null;
  review_decided_at: Timestamp | null;
  shared_at: Timestamp | null;
  shared_paper: Generated<boolean>;
  created_at: Timestamp;
}

export interface ResultContentsTable {
  result_id: string;
  key_id: string;
  iv: string;
  auth_tag: string;
  ciphertext: string;
}

export interface CaseworkDelaysTable {
  application_id: string;
  reason: string;
  recorded_at: Timestamp;
}

export interface CspReportsTable {
  id: Generated<string>;
  received_at: Timestamp;
  document_path: string;
  directive: string;
  blocked: string;
  source: string | null;
  disposition: string;
}

/** Migration 0005: CSV batches. */
export interface BatchesTable {
  id: string;
  organisation_code: string;
  countersignatory_id: string;
  uploaded_by: string;
  filename: string;
  status: string;
  created_at: Timestamp;
  submitted_at: Timestamp | null;
  processed_at: Timestamp | null;
  declaration_date: string | null;
}

export interface BatchRowsTable {
  batch_id: string;
  row_index: number;
  status: string;
  applicant_surname: string | null;
  type_code: string | null;
  draft: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  errors: JSONColumnType<Array<{ field: string; reason: string }>>;
  application_id: string | null;
}

export interface OrganisationDetailReportsTable {
  id: string;
  organisation_code: string;
  countersignatory_id: string;
  details: JSONColumnType<Record<string, unknown>>;
  sent_to: string;
  notify_id: string | null;
  created_at: Timestamp;
}

export interface OneTimeCodesTable {
  id: string;
  user_id: string;
  purpose: string;
  code_hash: string;
  issued_at: Timestamp;
  failed_attempts: Generated<number>;
  used_at: Timestamp | null;
}

export interface ResultSharesTable {
  id: string;
  result_id: string;
  applicant_user_id: string;
  channel: 'DIGITAL' | 'PAPER';
  route: string;
  recipient: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
  recipient_email: ColumnType<string | null, string | null | undefined, string | null>;
  recipient_phone: ColumnType<string | null, string | null | undefined, string | null>;
  recipient_name: ColumnType<string | null, string | null | undefined, string | null>;
  recipient_position: ColumnType<string | null, string | null | undefined, string | null>;
  recipient_address: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  applicant_email: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A recipient's link: only a keyed hash of the token; expiry fixed at the share. */
export interface ShareLinksTable {
  id: string;
  share_id: string;
  token_hash: string;
  basic: boolean;
  created_at: Timestamp;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
  locked_at: Timestamp | null;
  used_at: Timestamp | null;
}

/** The recipient's short-lived browser session after the link's token was exchanged (cookie value hashed). */
export interface ShareLinkSessionsTable {
  id: string;
  link_id: string;
  session_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
  /** The first time this session read the result (an opening, audited once per session). */
  opened_at: Timestamp | null;
}

/** Text-message codes of a basic result's link, hashed. */
export interface ShareLinkCodesTable {
  id: string;
  link_id: string;
  code_hash: string;
  issued_at: Timestamp;
  failed_attempts: Generated<number>;
  used_at: Timestamp | null;
}

export interface PrintRequestsTable {
  share_id: string;
  result_id: string;
  requested_at: Timestamp;
  status: 'REQUESTED' | 'SENT';
  sent_at: Timestamp | null;
}

/**
 * A read view (migration 0012, decision 0029): the owner's columns as they are read, and never written through
 * (an insert or update names no column the types accept).
 */
type ReadView<T, K extends keyof T> = { [P in K]: ColumnType<SelectType<T[P]>, never, never> };

export type ApplicationFactsView = ReadView<
  ApplicationsTable,
  | 'id'
  | 'reference'
  | 'type_code'
  | 'status'
  | 'channel'
  | 'organisation_code'
  | 'countersignatory_id'
  | 'applicant_user_id'
  | 'applicant_name'
  | 'created_at'
  | 'status_last_changed'
  | 'expired_duration_days'
  | 'link_id'
  | 'result_id'
  | 'data'
  | 'applicant_data'
>;
export type ResultFactsView = ReadView<
  ResultsTable,
  | 'id'
  | 'application_id'
  | 'disclosure_type_code'
  | 'released_to_organisation_at'
  | 'organisation_viewed_at'
  | 'first_viewed_at'
  | 'shared_at'
  | 'review_requested_at'
  | 'review_decision'
>;
export type OrganisationFactsView = ReadView<RegisteredBodiesTable, 'code' | 'name'>;
export type CountersignatoryFactsView = ReadView<
  CountersignatoriesTable,
  'id' | 'registered_body_code' | 'countersignatory_code'
>;
export type PaymentFactsView = ReadView<
  PaymentsTable,
  'application_id' | 'payment_type' | 'state' | 'finished_at'
>;
export type ShareFactsView = ReadView<
  ResultSharesTable,
  'id' | 'result_id' | 'revoked_at' | 'recipient_phone'
>;

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  audit_events: AuditEventsTable;
  jobs: JobsTable;
  registered_bodies: RegisteredBodiesTable;
  countersignatories: CountersignatoriesTable;
  cost_centres: CostCentresTable;
  declarations: DeclarationsTable;
  applications: ApplicationsTable;
  payments: PaymentsTable;
  local_payments: LocalPaymentsTable;
  notify_outbox: NotifyOutboxTable;
  feedback: FeedbackTable;
  dob_mismatch_attempts: DobMismatchAttemptsTable;
  scheme_memberships: SchemeMembershipsTable;
  results: ResultsTable;
  result_contents: ResultContentsTable;
  casework_delays: CaseworkDelaysTable;
  link_match_attempts: LinkMatchAttemptsTable;
  csp_reports: CspReportsTable;
  batches: BatchesTable;
  batch_rows: BatchRowsTable;
  organisation_detail_reports: OrganisationDetailReportsTable;
  one_time_codes: OneTimeCodesTable;
  result_shares: ResultSharesTable;
  print_requests: PrintRequestsTable;
  share_links: ShareLinksTable;
  share_link_sessions: ShareLinkSessionsTable;
  share_link_codes: ShareLinkCodesTable;
  // Read views (migration 0012): another module's rows, read only.
  application_facts: ApplicationFactsView;
  result_facts: ResultFactsView;
  organisation_facts: OrganisationFactsView;
  countersignatory_facts: CountersignatoryFactsView;
  payment_facts: PaymentFactsView;
  share_facts: ShareFactsView;
}
