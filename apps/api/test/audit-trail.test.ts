import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../src/platform/audit';
import { ENGINES, startTestApp, type TestApp, rowCount } from './harness';

describe.each(ENGINES)('the audit trail is insert-only on $name', (engine) => {
  let t: TestApp;
  const count = () => rowCount(t, 'audit_events');
  beforeAll(async () => {
    t = await startTestApp(engine);
    await writeAudit(t.database.db, { event: 'test.event', outcome: 'success', detail: { n: 1 } });
  });
  afterAll(async () => t.dispose());

  it('refuses UPDATE, DELETE and TRUNCATE from the application, and keeps every row', async () => {
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const db = t.database.db;
    await expect(db.updateTable('audit_events').set({ outcome: 'failure' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom('audit_events').execute()).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_events`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_events cascade`.execute(db)).rejects.toThrow(/append-only/);
    expect(await count()).toBe(before);
    // Inserting still works.
    await writeAudit(db, { event: 'test.event', outcome: 'success' });
    expect(await count()).toBe(before + 1);
  });
});
