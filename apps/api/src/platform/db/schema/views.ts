import type { ColumnType, SelectType } from 'kysely';
import type { CountersignatoriesTable, RegisteredBodiesTable } from './organisations';
import type { ApplicationsTable, PaymentsTable } from './applications';
import type { ResultsTable } from './results';
import type { ResultSharesTable } from './sharing';

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
  | 'applicant_name_search'
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
