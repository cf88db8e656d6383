import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { timePoolAcquire } from '../metrics';
import { migrations } from './migrations';
import { countChanges, createPgNotificationFeed, type NotificationFeed } from './notifications';
import type { Database } from './schema';

export type Db = Kysely<Database>;

// DATE columns stay 'YYYY-MM-DD' strings: a JS Date would shift them by the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface DatabaseHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The embedded database's files as a tarball, for `loadDataDir` (the embedded engine only). */
  dump?: () => Promise<Blob>;
  /**
   * PostgreSQL's notifications, on a connection of their own made when first listened to (PostgreSQL only: the
   * embedded engine runs in this process, where reading a row costs no more than keeping it).
   */
  notifications?: NotificationFeed;
  /** The connection pool, for /metrics (connections open, idle and waited for). */
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under dataDir.
 * Both go through node-postgres, so one dialect and one set of migrations serve both engines.
 * dataDir 'memory://' gives a throwaway embedded database (tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /**
   * A throwaway embedded database ('memory://') starts as a copy of this one (a tarball from the handle's `dump`)
   * instead of an empty cluster: a quarter of the start-up time, and migrations already run. The tests' template.
   */
  loadDataDir?: Blob | undefined;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client that the server drops (restart, failover) must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    timePoolAcquire(pool);
    const counter = { changes: 0 };
    pool.on('connect', (client) => {
      // A connection lost while checked out (a query in flight when the server restarts) fails that query, and
      // the pool drops the connection when it is given back; the client's own 'error' event must not also
      // crash the process, as the pool listens for it only while the connection is idle.
      client.on('error', () => {});
      useNamedStatements(client);
      countChanges(client, counter);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const notifications = createPgNotificationFeed(options.databaseUrl, counter);
    return {
      db,
      engine: 'postgres',
      notifications,
      pool,
      close: async () => {
        await notifications.close();
        await db.destroy();
      },
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  // Trigram search (the name filter's index) on the embedded engine too.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = { pg_trgm };
  let release: (() => Promise<void>) | undefined;
  let pglite: InstanceType<typeof PGlite>;
  if (options.dataDir.startsWith('memory://')) {
    pglite = new PGlite({ extensions, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  } else {
    const dir = path.resolve(options.dataDir);
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR from the operator's configuration
    mkdirSync(dir, { recursive: true });
    // PGlite does not stop two processes opening one data directory, which would corrupt it.
    try {
      release = await lockfile.lock(dir, {
        lockfilePath: path.join(dir, '.lock'),
        stale: 15_000,
        update: 5_000,
      });
    } catch {
      throw new Error(
        `The embedded database in ${dir} is in use by another process. Stop it, or set DATA_DIR.`,
      );
    }
    pglite = new PGlite(path.join(dir, 'pglite'), { extensions });
  }
  await pglite.waitReady;
  const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
  timePoolAcquire(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'pglite',
    pool,
    dump: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      await pglite.close();
      await release?.();
    },
  };
}

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/**
 * Put in a statement whose best plan depends on its values (a name search: a rare name goes through the trigram
 * index, a common one walks the list index). Such a statement runs unnamed, so it is planned with its values each
 * time: a named one may be given a generic plan after five runs, which walks the whole list for a rare name.
 */
export const PLAN_WITH_VALUES = '/* plan with values */';
/** Statement texts given a name so far; past the cap new texts run unnamed (dynamic SQL cannot grow it forever). */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 2000;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `dis_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * PostgreSQL: each distinct query is sent as a named (prepared) statement, so the server parses and plans it
 * once per connection instead of on every call (the list queries take longer to plan than to run).
 * Queries without parameters, anything other than DML and statements marked PLAN_WITH_VALUES run as before.
 */
function useNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (
      typeof text === 'string' &&
      Array.isArray(values) &&
      values.length > 0 &&
      PREPARABLE.test(text) &&
      !text.includes(PLAN_WITH_VALUES)
    ) {
      const name = statementName(text);
      if (name) return query({ name, text, values }, ...rest);
    }
    return query(text, values, ...rest);
  }) as typeof client.query;
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
