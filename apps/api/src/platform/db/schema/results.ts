import type { Generated, GeneratedAlways } from 'kysely';
import type { Timestamp, DateOnly } from './columns';

/** Issued results, their encrypted content, versions, check codes and checks, casework delays and print requests. */

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
  /** The application's lower-cased applicant name, copied by the database (migration 0018): never written here. */
  applicant_name_search: GeneratedAlways<string | null>;
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
export interface PrintRequestsTable {
  share_id: string;
  result_id: string;
  requested_at: Timestamp;
  status: 'REQUESTED' | 'SENT';
  sent_at: Timestamp | null;
}
/** A signed version of a result (decision 0051): the JWS sealed like the content, its digest and key id plain. */
export interface ResultVersionsTable {
  id: string;
  result_id: string;
  version: number;
  reason: 'ISSUED' | 'APPEAL_OUTCOME' | 'REVIEW_DECISION';
  kid: string;
  digest: string;
  key_id: string;
  iv: string;
  auth_tag: string;
  ciphertext: string;
  created_at: Timestamp;
  replaced_at: Timestamp | null;
}
/** A copy's check code: only its keyed hash, tied to one version and one copy. */
export interface ResultCheckCodesTable {
  id: string;
  result_id: string;
  version_id: string;
  copy: 'APPLICANT' | 'RECIPIENT';
  share_id: string | null;
  code_hash: string;
  created_at: Timestamp;
  withdrawn_at: Timestamp | null;
}
/** A check made with a code that was found, and what it showed. */
export interface ResultChecksTable {
  id: string;
  code_id: string;
  result_id: string;
  outcome: 'CURRENT' | 'WITHDRAWN' | 'REPLACED';
  checked_at: Timestamp;
}
