import type { ColumnType, Generated, JSONColumnType } from 'kysely';

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
}

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
}
