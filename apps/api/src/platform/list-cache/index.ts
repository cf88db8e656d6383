import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database';
import type { NotificationFeed } from '../db/notifications';
import { organisationListVersion } from './store';
import { ListVersions } from './versions';

/**
 * Organisation list pages kept by version (docs/decisions/0034-organisation-list-cache.md). Triggers add one to an
 * organisation's version in the transaction of any change its lists show or filter by (migration 0014), so a page
 * read under a version is the page for as long as that version stands. A request reads the version (one
 * primary-key read) before the page; a page kept under it is answered without running the list's statements.
 *
 * What is kept is the store's rows, never a response: anything that depends on the time (days left, an
 * application overdue for expiry) is still worked out from them on every request. One cache per database handle
 * (a transaction's handle has none and always reads), holding at most `entries` pages; 0 turns it off.
 *
 * On PostgreSQL the versions themselves are held in memory, kept up to date by the database's notifications
 * (`versions.ts`, decision 0036), so a kept page costs no read at all.
 */
const caches = new WeakMap<Db, LRUCache<string, { page: unknown }>>();
/** One listener per handle, however many times its cache is turned on and off or servers are built on it. */
const versionsByDb = new WeakMap<Db, ListVersions>();

export function enableListCache(db: Db, entries: number, notifications?: NotificationFeed): void {
  if (notifications && !versionsByDb.has(db)) versionsByDb.set(db, new ListVersions(notifications));
  if (entries > 0) caches.set(db, new LRUCache({ max: entries }));
  else caches.delete(db);
}

/**
 * The page `load` reads for `organisationCode`, kept under the organisation's version. `key` names everything
 * else the page depends on (the list, its filters, the types the caller may see, the page and its size).
 * The version is read before the page, so a page is never kept under a version older than its rows.
 */
export async function organisationListPage<T>(
  db: Db,
  organisationCode: string,
  key: readonly (string | number | boolean | null | undefined | readonly string[])[],
  load: () => Promise<T>,
): Promise<T> {
  const cache = caches.get(db);
  if (!cache) return load();
  const read = () => organisationListVersion(db, organisationCode);
  const versions = versionsByDb.get(db);
  const version = versions ? await versions.version(organisationCode, read) : await read();
  const cacheKey = JSON.stringify([organisationCode, version, ...key]);
  const kept = cache.get(cacheKey);
  if (kept) return kept.page as T;
  const page = await load();
  cache.set(cacheKey, { page });
  return page;
}

/**
 * The key of a filtered list's page for `organisationListPage`: the list's name, each value the filter sets (by its
 * name, in name order), the page and its size. Every filter a list has is in its key, however many it gains.
 */
export function filteredPageKey(list: string, filter: object, page: number, pageSize: number) {
  const values = filter as Record<string, unknown>;
  const set = Object.keys(values)
    .filter((name) => values[name] !== undefined)
    .sort()
    .map((name) => [name, values[name]]);
  return [list, JSON.stringify(set), page, pageSize];
}
