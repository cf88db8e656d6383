import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationTypeCode } from '@dis/domain';
import type { ResultVersionReason, caseworkResultFactsSchema } from '@dis/domain/contracts';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { OutboxService } from '../outbox/service';
import type { ContentKey, ResultContent } from './content';

// The results module's own types, shared by its parts and re-exported by `service.ts` for other modules.

export interface ResultsDeps {
  db: Db;
  clock: Clock;
  /** The first key seals new content; every key listed can open it (rotation). */
  contentKeys: readonly ContentKey[];
  outbox: Pick<OutboxService, 'enqueue' | 'dispatch'>;
  publicUrl: string;
  isHoliday: (date: string) => boolean;
  log: FastifyBaseLogger;
  /**
   * Signs each new version of a result inside the transaction that makes it: the issue, an appeal outcome, a
   * review decision (the result-checks module, decision 0051).
   */
  versions?: ResultVersionRecorder;
}

/** Records a signed version of a result inside the caller's transaction. */
export interface ResultVersionRecorder {
  record(trx: Db, resultId: string, reason: ResultVersionReason): Promise<void>;
}

/** What a signed version of a result carries, read inside the caller's transaction. */
export interface ResultVersionFacts {
  resultId: string;
  applicantUserId: string;
  applicationReference: string;
  disclosureNumber: string;
  disclosureTypeShortCode: ApplicationTypeCode;
  disclosureType: string;
  dateOfIssue: string;
  appealOutcome: string | null;
  reviewDecision: string | null;
  content: ResultContent;
}

export type CaseworkResultFacts = z.output<typeof caseworkResultFactsSchema>;

/** The application a result is issued for, as casework knows it. */
export interface IssuedApplication {
  id: string;
  reference: string;
  typeCode: string;
  channel: string;
  organisationCode: string | null;
  countersignatoryId: string | null;
  applicantUserId: string;
}

export interface ApplicantContact {
  email: string | null;
  name: string;
  reference: string;
  typeCode: string;
}

export interface Caller {
  userId: string;
  requestId: string;
}

/** Who asked, for the audit trail, when it is not a signed-in person (casework, the release job). */
export type { AuditActor } from '../../platform/audit';

/** The caller's countersignatory, already checked against the session. */
export interface OrganisationCaller extends Caller {
  countersignatoryId: string;
  organisationCode: string;
  role: 'CSG' | 'LEVEL1_CSG';
}
