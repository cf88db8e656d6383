// Check codes (decision 0051): 12 characters of Crockford's base32 (digits and capitals without I, L, O and U),
// 60 random bits, shown as three groups of four (`7KQ2-M9XD-4TWE`). What a person types is read leniently: any
// case, spaces and hyphens anywhere, and O read as 0, I and L read as 1 (Crockford's decoding).

export const CHECK_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CHECK_CODE_LENGTH = 12;
/** Bits of randomness in a code: 5 per character. */
export const CHECK_CODE_BITS = CHECK_CODE_LENGTH * 5;
/** The bytes of randomness `checkCodeFromBytes` reads (the first 60 bits of them). */
export const CHECK_CODE_RANDOM_BYTES = 8;

/** A code from CSPRNG bytes: the first 60 bits, 5 to a character. */
export function checkCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < CHECK_CODE_RANDOM_BYTES) throw new RangeError('A check code needs 8 random bytes');
  let bits = 0n;
  for (const byte of bytes.subarray(0, CHECK_CODE_RANDOM_BYTES)) bits = (bits << 8n) | BigInt(byte);
  bits >>= 4n; // 64 bits read, 60 used
  let code = '';
  for (let i = 0; i < CHECK_CODE_LENGTH; i += 1) {
    code = CHECK_CODE_ALPHABET[Number(bits & 31n)]! + code;
    bits >>= 5n;
  }
  return code;
}

/** The code as it is stored and compared (12 characters of the alphabet), or null for anything malformed. */
export function normaliseCheckCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== CHECK_CODE_LENGTH) return null;
  for (const char of compact) if (!CHECK_CODE_ALPHABET.includes(char)) return null;
  return compact;
}

/** The code as printed: three groups of four joined by hyphens. */
export function formatCheckCode(code: string): string {
  return [code.slice(0, 4), code.slice(4, 8), code.slice(8, 12)].join('-');
}

/** A digest shown in groups of 8 hex digits, easier to compare by eye. */
export function formatDigest(digest: string): string {
  return digest.match(/.{1,8}/g)?.join(' ') ?? digest;
}
