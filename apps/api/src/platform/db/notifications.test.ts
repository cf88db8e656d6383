import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { countChanges } from './notifications';

/** A client whose statements complete when the test says. */
function fakeClient() {
  const pending: (() => void)[] = [];
  const client = {
    query: (..._args: unknown[]) =>
      new Promise((resolve, reject) =>
        pending.push(() =>
          String(_args[0]).includes('fails') ? reject(new Error('no')) : resolve({ rows: [] }),
        ),
      ),
  };
  return {
    client: client as unknown as pg.PoolClient,
    complete: () => pending.splice(0).forEach((f) => f()),
  };
}

describe("counting this server's changes (decision 0036)", () => {
  it('counts a statement that may change something once it has completed, and never a SELECT', async () => {
    const { client, complete } = fakeClient();
    const counter = { changes: 0 };
    countChanges(client, counter);

    const reads = [
      client.query('select 1'),
      client.query('  SELECT * from t where a = $1', [1]),
      client.query('/* plan with values */ /* another */ select 2'),
    ];
    complete();
    await Promise.all(reads);
    expect(counter.changes).toBe(0);

    const update = client.query('update t set a = $1', [1]);
    expect(counter.changes).toBe(0); // not before it has completed
    complete();
    await update;
    expect(counter.changes).toBe(1);

    const statements = [client.query('commit'), client.query('with x as (delete from t) select 1')];
    const failed = client.query('insert into t fails').catch(() => 'refused');
    complete();
    await Promise.all(statements);
    expect(await failed).toBe('refused');
    expect(counter.changes).toBe(4);
  });
});
