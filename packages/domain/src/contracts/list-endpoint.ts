import { z } from 'zod';
import { readEndpoint } from './define';

// Apart from define.ts, which the browser's shell reads for `pathFor` and the contract types: this builds a schema
// when a contract is declared, so it needs zod at run time, and zod must not reach the shell's first download.

/** A GET of a list, answered as `{ [key]: [item, …] }` (the casework lists, the applicant's Basic applications). */
export function listEndpoint<const Path extends string, const K extends string, I extends z.ZodType>(
  path: Path,
  key: K,
  item: I,
) {
  const response = z.object({ [key]: z.array(item) } as Record<K, z.ZodArray<I>>);
  return readEndpoint(path, response);
}
