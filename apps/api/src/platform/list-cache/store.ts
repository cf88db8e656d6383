import type { Db } from '../db/database';

/** The organisation's list version (migration 0014): '0' until its lists first change. */
export async function organisationListVersion(db: Db, organisationCode: string): Promise<string> {
  const row = await db
    .selectFrom('organisation_list_versions')
    .select('version')
    .where('organisation_code', '=', organisationCode)
    .executeTakeFirst();
  return row?.version ?? '0';
}
