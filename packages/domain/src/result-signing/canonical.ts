import canonicalize from 'canonicalize';

// The canonical form a result is signed in (decision 0051): every string and every member name in Unicode
// Normalization Form C, then the JSON Canonicalization Scheme of RFC 8785 (members sorted by UTF-16 code units,
// no white space, ECMAScript number and string serialisation).

/** The same value with every string and member name NFC-normalised (undefined members dropped, as JSON does). */
export function nfcDeep(value: unknown): unknown {
  if (typeof value === 'string') return value.normalize('NFC');
  if (Array.isArray(value)) return value.map(nfcDeep);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      if (member === undefined) continue;
      out[key.normalize('NFC')] = nfcDeep(member);
    }
    return out;
  }
  return value;
}

/** RFC 8785 canonical JSON of a value after NFC normalisation: two equal results give the same bytes. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(nfcDeep(value));
  if (text === undefined) throw new TypeError('A value with no JSON form cannot be made canonical');
  return text;
}
