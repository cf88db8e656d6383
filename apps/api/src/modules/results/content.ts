import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  higherLevelResultInformationSchema,
  resultAddressSchema,
  vettingInformationSchema,
} from '@dis/domain/contracts';

/**
 * The personal, criminal-offence part of a result: stored only encrypted (AES-256-GCM, a key from config, the
 * result id as additional data so a row cannot be moved to another result). Decision 0010.
 */
export const resultContentSchema = z.object({
  name: z.string(),
  address: resultAddressSchema.nullable(),
  dateOfBirth: z.string().nullable(),
  aboutResultText: z.string(),
  reportInaccurateInfo: z.string(),
  higherLevelResultInformation: higherLevelResultInformationSchema.nullable(),
  vettingInformation: vettingInformationSchema,
});
export type ResultContent = z.output<typeof resultContentSchema>;

export interface ContentKey {
  id: string;
  key: Buffer;
}

export interface SealedContent {
  key_id: string;
  iv: string;
  auth_tag: string;
  ciphertext: string;
}

export function sealContent(resultId: string, content: ResultContent, key: ContentKey): SealedContent {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(resultId, 'utf8'));
  const plain = Buffer.from(JSON.stringify(resultContentSchema.parse(content)), 'utf8');
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return {
    key_id: key.id,
    iv: iv.toString('base64'),
    auth_tag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
}

/** Opens a sealed row; throws when the key is unknown or the row was tampered with (GCM authentication). */
export function openContent(
  resultId: string,
  sealed: SealedContent,
  keys: readonly ContentKey[],
): ResultContent {
  const key = keys.find((k) => k.id === sealed.key_id);
  if (!key) throw new Error(`No results key with id ${sealed.key_id}`);
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(resultId, 'utf8'));
  decipher.setAuthTag(Buffer.from(sealed.auth_tag, 'base64'));
  const plain = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]);
  return resultContentSchema.parse(JSON.parse(plain.toString('utf8')));
}
