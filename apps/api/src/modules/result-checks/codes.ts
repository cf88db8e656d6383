import { createHmac, randomUUID } from 'node:crypto';
import { checkCodeFromBytes, formatCheckCode, normaliseCheckCode } from '@dis/domain';
import type { PrintedCheck } from '@dis/domain/contracts';
import QRCode from 'qrcode';
import type { Caller, ChecksCore } from './core';
import * as store from './store';
import type { SignedVersions } from './versions';

/** The path of the public check page. */
export const CHECK_PAGE_PATH = '/check-a-result';

type Copy = 'APPLICANT' | 'RECIPIENT';

/**
 * Check codes: one a copy of the current version (the applicant's print, each recipient's share), derived from a
 * keyed HMAC of the copy's random id, so it can be printed again without being stored; only a keyed hash of the
 * code is kept, to find it.
 */
export function createCheckCodes(core: ChecksCore, versions: SignedVersions) {
  const { db, clock, deps, audit } = core;
  const hmac = (kind: 'code' | 'lookup', text: string) =>
    createHmac('sha256', deps.hashKey).update(`${kind}:${text}`).digest();
  /** A copy's code: 60 bits of an HMAC of its random id. */
  const codeOf = (copyId: string) => checkCodeFromBytes(hmac('code', copyId));
  const lookupHash = (code: string) => hmac('lookup', code).toString('base64url');

  /** The code still in use for a copy of the current version, made at the first ask. */
  async function codeFor(resultId: string, copy: Copy, shareId: string | null) {
    const version = await versions.current(resultId);
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

  /** What a print of a copy carries: its code, the check page's link and QR code, and the version's digest. */
  async function printed(resultId: string, copy: Copy, shareId: string | null): Promise<PrintedCheck> {
    const { version, code } = await codeFor(resultId, copy, shareId);
    const { payload } = versions.open(version);
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
    };
  }

  return {
    lookupHash,

    /** The applicant's print: the code of their own copy of the current version. */
    async applicantCheckCode(caller: Caller, resultId: string): Promise<PrintedCheck> {
      await core.own(caller, resultId, 'result.check_code_viewed');
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

    /** The keyed hash a code is rate-limited under (never the code itself), or a fixed key for a malformed one. */
    limitKeyOf(input: string): string {
      const code = normaliseCheckCode(input);
      return code ? lookupHash(code) : 'malformed';
    },
  };
}

export type CheckCodes = ReturnType<typeof createCheckCodes>;
