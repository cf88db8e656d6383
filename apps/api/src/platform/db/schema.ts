/**
 * The database's tables as Kysely sees them, one file per group of tables under `schema/`; `Database` names
 * each table and read view.
 */
import type {
  SessionsTable,
  AuditEventsTable,
  JobsTable,
  FeedbackTable,
  OrganisationListVersionsTable,
  CspReportsTable,
  FormPostClaimsTable,
} from './schema/platform';
import type {
  UsersTable,
  RegisteredBodiesTable,
  CountersignatoriesTable,
  CostCentresTable,
  DeclarationsTable,
  SchemeMembershipsTable,
  OrganisationDetailReportsTable,
} from './schema/organisations';
import type {
  ApplicationsTable,
  DobMismatchAttemptsTable,
  LinkMatchAttemptsTable,
  PaymentsTable,
  LocalPaymentsTable,
  BatchesTable,
  BatchRowsTable,
  BasicApplicationsTable,
  PaperApplicationsTable,
} from './schema/applications';
import type {
  ResultsTable,
  ResultContentsTable,
  CaseworkDelaysTable,
  PrintRequestsTable,
  ResultVersionsTable,
  ResultCheckCodesTable,
  ResultChecksTable,
} from './schema/results';
import type {
  OneTimeCodesTable,
  ResultSharesTable,
  ShareLinksTable,
  ShareLinkSessionsTable,
  ShareLinkCodesTable,
} from './schema/sharing';
import type {
  NotifyOutboxTable,
  OutboxMessagesTable,
  ReminderSettingsTable,
  ReminderMarksTable,
} from './schema/messages';
import type {
  ApplicationFactsView,
  ResultFactsView,
  OrganisationFactsView,
  CountersignatoryFactsView,
  PaymentFactsView,
  ShareFactsView,
} from './schema/views';

export type * from './schema/columns';
export type * from './schema/platform';
export type * from './schema/organisations';
export type * from './schema/applications';
export type * from './schema/results';
export type * from './schema/sharing';
export type * from './schema/messages';
export type * from './schema/views';

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
  organisation_list_versions: OrganisationListVersionsTable;
  outbox_messages: OutboxMessagesTable;
  reminder_settings: ReminderSettingsTable;
  reminder_marks: ReminderMarksTable;
  basic_applications: BasicApplicationsTable;
  paper_applications: PaperApplicationsTable;
  form_post_claims: FormPostClaimsTable;
  // Read views (migration 0012): another module's rows, read only.
  application_facts: ApplicationFactsView;
  result_facts: ResultFactsView;
  organisation_facts: OrganisationFactsView;
  countersignatory_facts: CountersignatoryFactsView;
  payment_facts: PaymentFactsView;
  share_facts: ShareFactsView;
  result_versions: ResultVersionsTable;
  result_check_codes: ResultCheckCodesTable;
  result_checks: ResultChecksTable;
}
