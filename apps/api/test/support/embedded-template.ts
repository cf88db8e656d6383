import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/platform/db/database';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/platform/db/migrations');
const PGLITE = path.resolve(
  import.meta.dirname,
  '../../../../node_modules/@electric-sql/pglite/package.json',
);

/** What the template depends on: every migration's source and the PGlite release. */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS).sort()) {
    hash
      .update(`${name}\0`)
      .update(readFileSync(path.join(MIGRATIONS, name)))
      .update('\0');
  }
  return hash.update(readFileSync(PGLITE)).digest('hex').slice(0, 16);
}

let template: Promise<Blob> | undefined;

/** The migrated empty database as a tarball: made once, then kept beside the other tests' in the temp folder. */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(tmpdir(), `dis-embedded-template-${templateKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrateToLatest(database.db);
      const dump = await database.dump!();
      // Written whole under another name, then renamed: a test file running beside this one reads all or nothing.
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await database.close();
    }
  })();
  return template;
}

/**
 * A throwaway embedded database with every migration run, for a test: a copy of a template made once (PGlite's
 * own start, an empty cluster and fourteen migrations, is three quarters of building a test app otherwise). The
 * app still runs its migrations at start, which finds nothing to do.
 */
export async function openTestEmbeddedDatabase(): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: 'memory://', loadDataDir: await migratedTemplate() });
}
