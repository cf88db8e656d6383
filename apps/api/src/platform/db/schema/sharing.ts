import type { Generated } from 'kysely';
import type { OptionalColumn, Timestamp } from './columns';
import type { ShareChannel } from '@dis/domain';

/** One-time codes, shares of a result and recipients' links. */

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
  channel: ShareChannel;
  route: string;
  recipient: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
  recipient_email: OptionalColumn<string>;
  recipient_phone: OptionalColumn<string>;
  recipient_name: OptionalColumn<string>;
  recipient_position: OptionalColumn<string>;
  recipient_address: OptionalColumn<Record<string, unknown>, string>;
  applicant_email: OptionalColumn<string>;
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
  /** Keyed hash of the secret in the cookie of the first browser that answered the link's challenge (0020). */
  browser_hash: string | null;
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
