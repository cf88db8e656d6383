import type { JSONColumnType } from 'kysely';
import type { Timestamp, DateOnly, GeneratedTimestamp } from './columns';

/** Accounts, registered bodies, their countersignatories and cost centres, declarations and scheme memberships. */

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
  created_at: GeneratedTimestamp;
  last_signed_in_at: Timestamp;
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
export interface SchemeMembershipsTable {
  subject: string;
  pvg_membership_number: string;
  joined_child_scheme_on: DateOnly | null;
  joined_adult_scheme_on: DateOnly | null;
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
