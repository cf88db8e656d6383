import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';
import { checkCodeFromBytes, formatCheckCode, normaliseCheckCode, parseIsoDate } from '@dis/domain';
import {
  SIGNED_RESULT_FORMAT,
  resultContainsInformation,
  signedResultPayloadSchema,
  type CheckAnswer,
  type PrintedCheck,
  type ResponseOf,
  type ResultVersionReason,
  type SignedResultPayload,
  type resultChecksContract,
  type signedResultContract,
} from '@dis/domain/contracts';
import { canonicalDigest, signCanonical } from '@dis/domain/result-signing';
import QRCode from 'qrcode';
import { writeAudit, type AuditOutcome } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import type { ResultsService } from '../results/service';
import type { ResultSigningKeys } from './keys';
import * as store from './store';

// Signed results and check codes (issue 32, decision 0051): each version of a result signed when it is made,
// one check code per copy (the applicant's print, each recipient's view), the public check, and what the
// applicant sees and controls in "who can see my result".

export interface ResultChecksDeps {
  db: Db;
  clock: Clock;
  keys: ResultSigningKeys;
  /** The results' content key: a version's JWS carries the result's content, so it is sealed the same way. */
  contentKey: { id: string; key: Buffer };
  contentKeys: readonly { id: string; key: Buffer }[];
  /** Key of the codes' HMAC (the code of a copy is derived from it and the copy's id; only a hash is stored). */
  hashKey: string;
  publicUrl: string;
  serviceName: string;
  results: Pick<ResultsService, 'versionFacts' | 'isApplicantOf'>;
}

export interface Caller {
  userId: string;
  requestId: string;
}

/** The path of the public check page. */
export const CHECK_PAGE_PATH = '/check-a-result';
const CHECK_LIST_LIMIT = 500;

const notFound = () => new ApiError(404, 'NOT_FOUND', 'Result not found');

export function createResultChecksService(deps: ResultChecksDeps) {
  const { db, clock } = deps;
  const hmac = (kind: 'code' | 'lookup', text: string) =>
    createHmac('sha256', deps.hashKey).update(`${kind}:${text}`).digest();
  /** A copy's code: 60 bits of an HMAC of its random id, so it can be printed again without being stored. */
  const codeOf = (copyId: string) => checkCodeFromBytes(hmac('code', copyId));
  const lookupHash = (code: string) => hmac('lookup', code).toString('base64url');

  const audit = (
    event: string,
    outcome: AuditOutcome,
    caller: { userId?: string | null; requestId?: string | null },
    detail: Record<string, unknown>,
    executor: Db = db,
  ) =>
    writeAudit(executor, {
      event,
      outcome,
      userId: caller.userId ?? null,
      requestId: caller.requestId ?? null,
      detail,
    });

  function seal(jws: string, aad: string) {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', deps.contentKey.key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(jws, 'utf8'), cipher.final()]);
    return {
      key_id: deps.contentKey.id,
      iv: iv.toString('base64'),
      auth_tag: cipher.getAuthTag().toString('base64'),
      ciphertext: ciphertext.toString('base64'),
    };
  }

  function open(row: store.VersionRow): { jws: string; payload: SignedResultPayload } {
    const key = deps.contentKeys.find((k) => k.id === row.key_id);
    if (!key) throw new Error(`No results key with id ${row.key_id}`);
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(row.iv, 'base64'));
    decipher.setAAD(Buffer.from(`${row.result_id}:${row.version}`, 'utf8'));
    decipher.setAuthTag(Buffer.from(row.auth_tag, 'base64'));
    const jws = Buffer.concat([
      decipher.update(Buffer.from(row.ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
    const payload = signedResultPayloadSchema.parse(
      JSON.parse(Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString('utf8')),
    );
    return { jws, payload };
  }

  /** Signs the result as it now is as its next version, inside the caller's transaction; the last is replaced. */
  async function record(trx: Db, resultId: string, reason: ResultVersionReason): Promise<store.VersionRow> {
    const facts = await deps.results.versionFacts(trx, resultId);
    if (!facts) throw notFound();
    const now = clock.now();
    const last = await store.latestVersion(trx, resultId, true);
    const version = (last?.version ?? 0) + 1;
    const payload: SignedResultPayload = {
      format: SIGNED_RESULT_FORMAT,
      issuer: `${deps.serviceName} (${deps.publicUrl})`,
      resultId,
      version,
      reason,
      signedAt: now.toISOString(),
      applicationReference: facts.applicationReference,
      disclosureNumber: facts.disclosureNumber,
      disclosureTypeShortCode: facts.disclosureTypeShortCode,
      disclosureType: facts.disclosureType,
      dateOfIssue: facts.dateOfIssue,
      containsInformation: resultContainsInformation(facts.content.vettingInformation),
      appealOutcome: facts.appealOutcome,
      reviewDecision: facts.reviewDecision,
      content: facts.content,
    };
    const jws = await signCanonical(payload, deps.keys.signing);
    if (last) await store.markReplaced(trx, last.id, now);
    const row = {
      id: randomUUID(),
      result_id: resultId,
      version,
      reason,
      kid: deps.keys.signing.kid,
      digest: await canonicalDigest(payload),
      ...seal(jws, `${resultId}:${version}`),
      created_at: now,
      replaced_at: null,
    };
    await store.insertVersion(trx, row);
    await audit('result.signed', 'success', {}, { resultId, version, reason, kid: row.kid }, trx);
    return row;
  }

  /** The current version; a result issued before results were signed is signed now, as issued. */
  async function currentVersion(resultId: string): Promise<store.VersionRow> {
    const found = await store.latestVersion(db, resultId);
    if (found) return found;
    try {
      return await db.transaction().execute((trx) => record(trx, resultId, 'ISSUED'));
    } catch (error) {
      // Two first reads at once: the other one signed it.
      const again = await store.latestVersion(db, resultId);
      if (again) return again;
      throw error;
    }
  }

  /** The code still in use for a copy of the current version, made at the first ask. */
  async function codeFor(resultId: string, copy: 'APPLICANT' | 'RECIPIENT', shareId: string | null) {
    const version = await currentVersion(resultId);
    const existing = await store.activeCode(db, version.id, copy, shareId);
    if (existing) return { version, code: codeOf(existing.id) };
    const id = randomUUID();
    const code = codeOf(id);
    await db.transaction().execute(async (trx) => {
      await store.insertCode(trx, {
        id,
        result_id: resultId,
        version_id: version.id,
        copy,
        share_id: shareId,
        code_hash: lookupHash(code),
        created_at: clock.now(),
        withdrawn_at: null,
      });
      await audit(
        'result.check_code_made',
        'success',
        {},
        { resultId, copyId: id, copy, version: version.version, ...(shareId ? { shareId } : {}) },
        trx,
      );
    });
    return { version, code };
  }

  async function printed(resultId: string, copy: 'APPLICANT' | 'RECIPIENT', shareId: string | null) {
    const { version, code } = await codeFor(resultId, copy, shareId);
    const { payload } = open(version);
    const formatted = formatCheckCode(code);
    const checkUrl = `${deps.publicUrl}${CHECK_PAGE_PATH}?code=${formatted}`;
    const qrSvg = await QRCode.toString(checkUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      checkCode: formatted,
      checkUrl,
      qrSvg,
      digest: version.digest,
      version: version.version,
      applicationReference: payload.applicationReference,
      disclosureNumber: payload.disclosureNumber,
      dateOfIssue: payload.dateOfIssue,
    } satisfies PrintedCheck;
  }

  async function own(caller: Caller, resultId: string, event: string, detail: Record<string, unknown> = {}) {
    if (await deps.results.isApplicantOf(caller.userId, resultId)) return;
    await audit(event, 'refused', caller, { resultId, reason: 'not_found', ...detail });
    throw notFound();
  }

  type CopyStatus = 'CURRENT' | 'WITHDRAWN' | 'REPLACED';
  const statusOf = (code: {
    withdrawn_at: Date | null;
    share_revoked_at: Date | null;
    replaced_at: Date | null;
  }): CopyStatus =>
    code.withdrawn_at !== null || code.share_revoked_at !== null
      ? 'WITHDRAWN'
      : code.replaced_at !== null
        ? 'REPLACED'
        : 'CURRENT';

  return {
    record: (trx: Db, resultId: string, reason: ResultVersionReason) =>
      record(trx, resultId, reason).then(() => {}),

    publicJwks: () => ({ keys: deps.keys.publicJwks }),

    /** The applicant's print: the code of their own copy of the current version. */
    async applicantCheckCode(caller: Caller, resultId: string): Promise<PrintedCheck> {
      await own(caller, resultId, 'result.check_code_viewed');
      const answer = await printed(resultId, 'APPLICANT', null);
      await audit('result.check_code_viewed', 'success', caller, { resultId, copy: 'APPLICANT' });
      return answer;
    },

    /** A recipient's print: the code of this share's copy (the caller already checked the recipient's link). */
    async recipientCheckCode(requestId: string, resultId: string, shareId: string): Promise<PrintedCheck> {
      const answer = await printed(resultId, 'RECIPIENT', shareId);
      await audit(
        'result.check_code_viewed',
        'success',
        { requestId },
        { resultId, shareId, copy: 'RECIPIENT' },
      );
      return answer;
    },

    /** The applicant's signed download of the current version. */
    async signedResult(caller: Caller, resultId: string): Promise<ResponseOf<typeof signedResultContract>> {
      await own(caller, resultId, 'result.signed_downloaded');
      const version = await currentVersion(resultId);
      const { jws, payload } = open(version);
      await audit('result.signed_downloaded', 'success', caller, { resultId, version: version.version });
      return {
        payload,
        jws,
        kid: version.kid,
        digest: version.digest,
        jwksUrl: `${deps.publicUrl}/.well-known/jwks.json`,
      };
    },

    /** Every copy's code and every check made with one, for "who can see my result". */
    async checks(caller: Caller, resultId: string): Promise<ResponseOf<typeof resultChecksContract>> {
      await own(caller, resultId, 'result.checks_viewed');
      const codes = await store.codesOf(db, resultId);
      const checks = await store.checksOf(db, resultId, CHECK_LIST_LIMIT);
      await audit('result.checks_viewed', 'success', caller, { resultId, copies: codes.length });
      return {
        resultId,
        copies: codes.map((code) => ({
          copyId: code.id,
          copy: code.copy,
          shareId: code.share_id,
          version: code.version,
          createdAt: new Date(code.created_at).toISOString(),
          status: statusOf(code),
          withdrawnAt: code.withdrawn_at ? new Date(code.withdrawn_at).toISOString() : null,
          withdrawable: statusOf(code) !== 'WITHDRAWN',
        })),
        checks: checks.map((check) => ({
          copyId: check.code_id,
          checkedAt: new Date(check.checked_at).toISOString(),
          outcome: check.outcome,
        })),
      };
    },

    /** Withdraws a copy's code (once; again changes nothing); another person's is not found. */
    async withdraw(caller: Caller, resultId: string, copyId: string) {
      await own(caller, resultId, 'result.check_code_withdrawn', { copyId });
      const now = clock.now();
      const done = await db.transaction().execute(async (trx) => {
        const code = await store.codeById(trx, resultId, copyId, true);
        if (!code) return false;
        await store.withdrawCode(trx, code.id, now);
        await audit(
          'result.check_code_withdrawn',
          'success',
          caller,
          { resultId, copyId, ...(code.withdrawn_at ? { alreadyWithdrawn: true } : {}) },
          trx,
        );
        return true;
      });
      if (!done) {
        await audit('result.check_code_withdrawn', 'refused', caller, {
          resultId,
          copyId,
          reason: 'not_found',
        });
        throw new ApiError(404, 'NOT_FOUND', 'Check code not found');
      }
      const copy = (await store.codesOf(db, resultId)).find((c) => c.id === copyId)!;
      return {
        copyId: copy.id,
        copy: copy.copy,
        shareId: copy.share_id,
        version: copy.version,
        createdAt: new Date(copy.created_at).toISOString(),
        status: statusOf(copy),
        withdrawnAt: copy.withdrawn_at ? new Date(copy.withdrawn_at).toISOString() : null,
        withdrawable: statusOf(copy) !== 'WITHDRAWN',
      };
    },

    /** A check refused by a rate limit (per client address or per code): audited, never looked up. */
    async refusedForLimit(requestId: string, limit: 'client' | 'code'): Promise<void> {
      await audit('result.checked', 'refused', { requestId }, { reason: 'rate_limited', limit });
    },

    /** The keyed hash a code is rate-limited under (never the code itself), or a fixed key for a malformed one. */
    limitKeyOf(input: string): string {
      const code = normaliseCheckCode(input);
      return code ? lookupHash(code) : 'malformed';
    },

    /**
     * The public check: a code and a date of birth. Anything that does not find a copy of a result with that
     * date of birth is NOT_FOUND, the same answer; every attempt is audited, and a found copy's check is shown to
     * the applicant.
     */
    async check(requestId: string, input: { checkCode: string; dateOfBirth: string }): Promise<CheckAnswer> {
      const now = clock.now();
      const checkedAt = now.toISOString();
      const notFoundAnswer = async (reason: string, detail: Record<string, unknown> = {}) => {
        await audit('result.checked', 'failure', { requestId }, { reason, ...detail });
        return { outcome: 'NOT_FOUND' as const, checkedAt };
      };
      const code = normaliseCheckCode(input.checkCode);
      const dateOfBirth = input.dateOfBirth.trim();
      if (!code || parseIsoDate(dateOfBirth) === undefined) return notFoundAnswer('malformed');
      const row = await store.codeByHash(db, lookupHash(code));
      if (!row) return notFoundAnswer('unknown_code');
      const version = await store.versionById(db, row.version_id);
      if (!version) return notFoundAnswer('unknown_code');
      const { payload } = open(version);
      const expected = Buffer.from(payload.content.dateOfBirth ?? '');
      const given = Buffer.from(dateOfBirth);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        return notFoundAnswer('date_of_birth', { resultId: row.result_id, copyId: row.id });
      const outcome = statusOf({ ...row, replaced_at: version.replaced_at });
      await db.transaction().execute(async (trx) => {
        await store.insertCheck(trx, {
          id: randomUUID(),
          code_id: row.id,
          result_id: row.result_id,
          outcome,
          checked_at: now,
        });
        await audit(
          'result.checked',
          'success',
          { requestId },
          { resultId: row.result_id, copyId: row.id, version: version.version, outcome },
          trx,
        );
      });
      if (outcome === 'CURRENT')
        return {
          outcome,
          name: payload.content.name,
          disclosureType: payload.disclosureType,
          disclosureTypeShortCode: payload.disclosureTypeShortCode,
          dateOfIssue: payload.dateOfIssue,
          containsInformation: payload.containsInformation,
          digest: version.digest,
          checkedAt,
        };
      return { outcome, dateOfIssue: payload.dateOfIssue, checkedAt };
    },
  };
}

export type ResultChecksService = ReturnType<typeof createResultChecksService>;

export { loadResultSigningKeys, type ResultSigningKeys } from './keys';
