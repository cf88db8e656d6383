import { createHash } from 'node:crypto';
import {
  basicStatusMoves,
  canMoveBasicStatus,
  FEES_PENCE,
  isIdentityVerified,
  type BasicStatus,
} from '@dis/domain';
import type { BasicApplication, CaseworkBasicApplication } from '@dis/domain/contracts';
import { auditWriter } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { userById } from '../auth/service';
import * as store from './store';
import type { BasicApplicationRow } from './store';

/**
 * Basic disclosures (decision 0052): applied for through the Basic service, registered here by casework for the
 * identity it was made with (email address and date of birth, kept only as a hash), claimed by the applicant's
 * account at its first read with a verified identity, shown with its Basic status and fee, moved by casework.
 */

export interface BasicCaller {
  userId: string;
  requestId: string;
}
export interface BasicCaseworkCaller {
  requestId?: string | null;
  /** 'casework-api' or 'local-casework'. */
  source: string;
}

/** The identity a Basic application is for: the email address (any case) and the date of birth, hashed. */
export function basicIdentityHash(email: string, dateOfBirth: string): string {
  return createHash('sha256').update(`${email.trim().toLowerCase()}\n${dateOfBirth}`).digest('hex');
}

const isoDate = (value: Date | string) => new Date(value).toISOString().slice(0, 10);

/**
 * The identity hash of this account when its identity is verified and it has an email address and a date of birth
 * (what its Basic and paper applications are claimed by), else null.
 */
export async function verifiedIdentityHash(db: Db, userId: string): Promise<string | null> {
  const user = await userById(db, userId);
  if (!user?.email || !user.date_of_birth || !isIdentityVerified(user.assurance_level)) return null;
  return basicIdentityHash(user.email, isoDate(user.date_of_birth));
}

function applicantView(row: BasicApplicationRow): BasicApplication {
  return {
    appId: row.app_id,
    status: row.status,
    feePence: row.fee_pence,
    receivedOn: isoDate(row.created_at),
    statusLastChanged: new Date(row.status_last_changed).toISOString(),
  };
}

function caseworkView(row: BasicApplicationRow): CaseworkBasicApplication {
  return {
    ...applicantView(row),
    claimed: row.applicant_user_id !== null,
    moves: [...basicStatusMoves(row.status)],
  };
}

const notFound = () => new ApiError(404, 'NOT_FOUND', 'Basic application not found');

export function createBasicApplicationsService({ db, clock }: { db: Db; clock: Clock }) {
  const audit = auditWriter(db);

  /** Claims what was registered for the caller's verified identity, then lists the caller's own. */
  async function ownApplications(caller: BasicCaller): Promise<BasicApplicationRow[]> {
    return db.transaction().execute(async (trx) => {
      const identityHash = await verifiedIdentityHash(trx, caller.userId);
      if (identityHash) {
        for (const appId of await store.claimForUser(trx, identityHash, caller.userId)) {
          await audit('basic_application.claimed', 'success', caller, { appId }, trx);
        }
      }
      return store.applicationsOfUser(trx, caller.userId);
    });
  }

  return {
    async applicantList(caller: BasicCaller): Promise<{ applications: BasicApplication[] }> {
      const rows = await ownApplications(caller);
      if (rows.length > 0)
        await audit('basic_application.listed', 'success', caller, { appIds: rows.map((row) => row.app_id) });
      return { applications: rows.map(applicantView) };
    },

    async applicantOne(caller: BasicCaller, appId: string): Promise<BasicApplication> {
      const row = (await ownApplications(caller)).find((r) => r.app_id === appId);
      await audit('basic_application.viewed', row ? 'success' : 'refused', caller, { appId });
      if (!row) throw notFound();
      return applicantView(row);
    },

    async register(
      body: { appId: string; email: string; dateOfBirth: string },
      caller: BasicCaseworkCaller,
    ): Promise<CaseworkBasicApplication> {
      return db.transaction().execute(async (trx) => {
        const row = await store.insertBasicApplication(trx, {
          appId: body.appId,
          identityHash: basicIdentityHash(body.email, body.dateOfBirth),
          applicantUserId: null,
          feePence: FEES_PENCE.BD,
          now: clock.now(),
        });
        const detail = { appId: body.appId, source: caller.source };
        await audit('basic_application.registered', row ? 'success' : 'refused', caller, detail, trx);
        if (!row) {
          const message = `A Basic application with the id ${body.appId} is already registered`;
          throw new ApiError(409, 'CONFLICT', message, { appId: message });
        }
        return caseworkView(row);
      });
    },

    async caseworkList(): Promise<CaseworkBasicApplication[]> {
      return (await store.listBasicApplications(db)).map(caseworkView);
    },

    async move(
      appId: string,
      to: BasicStatus,
      caller: BasicCaseworkCaller,
    ): Promise<CaseworkBasicApplication> {
      return db.transaction().execute(async (trx) => {
        const row = await store.findBasicApplication(trx, appId, true);
        if (!row) throw notFound();
        const detail = { appId, from: row.status, to, source: caller.source };
        if (!canMoveBasicStatus(row.status, to)) {
          await audit('basic_application.status', 'refused', caller, detail, trx);
          throw new ApiError(
            409,
            'CASEWORK_NOT_ALLOWED',
            `A Basic application that is ${row.status.toLowerCase().replace('_', ' ')} cannot become ${to.toLowerCase().replace('_', ' ')}`,
            { status: 'Select a status this application can move to' },
          );
        }
        const moved = await store.setBasicStatus(trx, appId, to, clock.now());
        await audit('basic_application.status', 'success', caller, detail, trx);
        return caseworkView(moved);
      });
    },
  };
}

export type BasicApplicationsService = ReturnType<typeof createBasicApplicationsService>;
