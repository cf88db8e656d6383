import { isValid as isValidUkPostcode, toNormalised } from 'postcode';

// The spec's "text is trimmed, typographic apostrophes replaced, empty values dropped" happens here,
// inside the schemas, so the parsed value is exactly what gets stored and sent.

const TYPOGRAPHIC_APOSTROPHES = /[\u2018\u2019]/g;

export function replaceTypographicApostrophes(value: string): string {
  return value.replace(TYPOGRAPHIC_APOSTROPHES, "'");
}

/** Trims a string, replaces ’ and ‘ with ', and turns a blank string into undefined. Other values pass through. */
export function normaliseText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = replaceTypographicApostrophes(value).trim();
  return text === '' ? undefined : text;
}

/** Upper-cases and tidies a postcode; a valid UK postcode gets its canonical single space ("SW1A 1AA"). */
export function normalisePostcode(value: unknown): unknown {
  const text = normaliseText(value);
  if (typeof text !== 'string') return text;
  const upper = text.toUpperCase().replace(/\s+/g, ' ');
  return isValidUkPostcode(upper) ? (toNormalised(upper) ?? upper) : upper;
}

/** A value's UK postcode in its normalised form, as the postcode search accepts it; undefined when it is not one. */
export function searchablePostcode(value: unknown): string | undefined {
  const postcode = normalisePostcode(value);
  return typeof postcode === 'string' && isValidUkPostcode(postcode) ? postcode : undefined;
}

/** Phone numbers are sent without spaces. */
export function normalisePhoneNumber(value: unknown): unknown {
  const text = normaliseText(value);
  return typeof text === 'string' ? text.replace(/\s+/g, '') : text;
}

/** Identifiers typed with spaces or in lower case (NI numbers, licences, membership numbers). */
export function normaliseIdentifier(value: unknown): unknown {
  const text = normaliseText(value);
  return typeof text === 'string' ? text.replace(/\s+/g, '').toUpperCase() : text;
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return normaliseText(value);
  if (Array.isArray(value)) return value.map(clean).filter((item) => item !== undefined);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const cleaned = clean(item);
    if (cleaned !== undefined) out[key] = cleaned;
  }
  return out;
}

/**
 * Drops empty values before sending: blank strings and undefined are removed from objects and arrays
 * (recursively); strings are trimmed and typographic apostrophes replaced.
 */
export function dropEmptyValues<T extends object>(value: T): T {
  return clean(value) as T;
}
