import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import {
  SIGNED_RESULT_FORMAT,
  resultContainsInformation,
  signedResultPayloadSchema,
  type ResultVersionReason,
  type SignedResultPayload,
} from '@dis/domain/contracts';
import { canonicalDigest, signCanonical } from '@dis/domain/result-signing';
import type { Db } from '../../platform/db/database';
import { notFound, type ChecksCore } from './core';
import * as store from './store';

/**
 * Signed versions of a result: each signed (Ed25519 JWS) when it is made, kept sealed (AES-256-GCM, the result's id
 * and version as additional data); the last version is the current one.
 */
export function createSignedVersions(core: ChecksCore) {
  const { db, clock, deps, audit } = core;

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

  /** A version's JWS and its payload. */
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

  return {
    open,
    record,

    /** The current version; a result issued before results were signed is signed now, as issued. */
    async current(resultId: string): Promise<store.VersionRow> {
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
    },
  };
}

export type SignedVersions = ReturnType<typeof createSignedVersions>;
