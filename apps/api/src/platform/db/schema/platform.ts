import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Timestamp, GeneratedTimestamp } from './columns';

/** Sessions, the audit trail, jobs, CSP reports, list versions and feedback: the platform's own tables. */

export interface SessionsTable {
  sid: string;
  data: JSONColumnType<Record<string, unknown>>;
  expires_at: Timestamp;
}
export interface AuditEventsTable {
  id: Generated<string>;
  occurred_at: GeneratedTimestamp;
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
  created_at: GeneratedTimestamp;
}
export interface FeedbackTable {
  id: Generated<string>;
  rating: string;
  journey: string;
  created_at: Timestamp;
}
/** Migration 0014: each organisation's list version, written only by triggers (platform/list-cache). */
export interface OrganisationListVersionsTable {
  organisation_code: ColumnType<string, never, never>;
  version: ColumnType<string, never, never>;
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
/**
 * Migration 0027: a page's form post claimed by its one-time key (platform/form-keys, decision 0076), by a hash of
 * the browser's form token and the key; `outcome` the first post's redirect, sealed, once it has one.
 */
export interface FormPostClaimsTable {
  claim_hash: string;
  route: string;
  claimed_at: Timestamp;
  outcome: string | null;
  completed_at: Timestamp | null;
}
