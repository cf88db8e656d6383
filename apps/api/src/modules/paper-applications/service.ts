import { randomBytes } from 'node:crypto';
import type { PaperApplication, RegisterPaperApplicationBody } from '@dis/domain/contracts';
import { auditWriter } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { insertApplication, isUniqueViolation, updateApplication } from '../applications/service';
import { basicIdentityHash, verifiedIdentityHash } from '../basic-applications/service';
import * as store from './store';

/**
 * Applications received on paper, channel P (decision 0053). Casework registers one with the reference printed on
 * the form, its type, and the applicant's name, email address, date of birth and address: it is stored as a
 * SUBMITTED application of channel P carrying those answers and the form's signed declaration, and the identity it
 * is for (email and date of birth) is kept only as a hash. The applicant's verified account with that identity
 * claims it at its first read of its applications; from then it is theirs like any other, and casework issues its
 * result with the usual call (the result carries channel P).
 */

export interface PaperCaller {
  requestId?: string | null;
  /** 'casework-api' or 'local-casework'. */
  source: string;
}

const isoDate = (value: Date | string) => new Date(value).toISOString().slice(0, 10);

export function createPaperApplicationsService({ db, clock }: { db: Db; clock: Clock }) {
  const audit = auditWriter(db);
  return {
    async register(body: RegisterPaperApplicationBody, caller: PaperCaller): Promise<PaperApplication> {
      const now = clock.now();
      const [year, month, day] = body.dateOfBirth.split('-').map(Number) as [number, number, number];
      const name = { forename: body.forename, middleNames: body.middleNames, surname: body.surname };
      const applicantPart = {
        origin: 'applicant',
        draft: {
          applicationReference: body.reference,
          currentName: name,
          dateOfBirth: { day, month, year },
          currentAddress: { ...body.address, country: body.address.country ?? 'GB' },
          contactDetails: { email: body.email },
        },
        // The paper form carries the applicant's signed declaration; it was received (and so submitted) today.
        declaration: { agreed: true, date: isoDate(now) },
        submittedAt: now.toISOString(),
      };
      const id = randomBytes(32).toString('base64url');
      try {
        await db.transaction().execute(async (trx) => {
          await insertApplication(trx, {
            id,
            reference: body.reference,
            type_code: body.typeCode,
            status: 'SUBMITTED',
            channel: 'P',
            organisation_code: null,
            countersignatory_id: null,
            applicant_user_id: null,
            applicant_name: [body.forename, body.middleNames, body.surname].filter(Boolean).join(' '),
            created_at: now as never,
            status_last_changed: now,
            expired_duration_days: null,
            data: JSON.stringify({}),
            applicant_data: JSON.stringify(applicantPart),
          });
          await store.insertPaperIdentity(trx, {
            application_id: id,
            identity_hash: basicIdentityHash(body.email, body.dateOfBirth),
            registered_at: now,
          });
          const detail = {
            applicationReference: body.reference,
            applicationType: body.typeCode,
            source: caller.source,
          };
          await audit('paper_application.registered', 'success', caller, detail, trx);
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await audit('paper_application.registered', 'refused', caller, {
          applicationReference: body.reference,
          reason: 'reference_in_use',
          source: caller.source,
        });
        const message = `An application with the reference ${body.reference} already exists`;
        throw new ApiError(409, 'CONFLICT', message, { reference: message });
      }
      return {
        reference: body.reference,
        typeCode: body.typeCode,
        channel: 'P',
        status: 'SUBMITTED',
        claimed: false,
      };
    },

    /**
     * The paper applications registered for the caller's verified identity become the caller's (before their
     * applications are read). Nothing for an account without a verified identity, email or date of birth.
     */
    async claimFor(caller: { userId: string; requestId: string }): Promise<void> {
      const hash = await verifiedIdentityHash(db, caller.userId);
      if (!hash) return;
      await db.transaction().execute(async (trx) => {
        for (const applicationId of await store.claimIdentity(trx, hash, clock.now())) {
          const row = await updateApplication(trx, applicationId, { applicant_user_id: caller.userId });
          const detail = { applicationReference: row.reference };
          await audit('paper_application.claimed', 'success', caller, detail, trx);
        }
      });
    },
  };
}

export type PaperApplicationsService = ReturnType<typeof createPaperApplicationsService>;
