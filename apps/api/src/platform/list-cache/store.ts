import type { Db } from '../db/database';
import { columnOf } from '../db/rows';

/** The organisation's list version (migration 0014): '0' until its lists first change. */
export async function organisationListVersion(db: Db, organisationCode: string): Promise<string> {
  const version = await columnOf(db, 'organisation_list_versions', 'version', [
    'organisation_code',
    organisationCode,
  ]);
  return version ?? '0';
}
