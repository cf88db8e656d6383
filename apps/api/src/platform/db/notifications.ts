import pg from 'pg';

export interface NotificationHandlers {
  /** A notification's payload. */
  message(payload: string): void;
  /**
   * `true` once the feed listens (again); `false` when it stops, after which notifications may have been missed
   * until the next `true`.
   */
  live(listening: boolean): void;
}

/**
 * PostgreSQL's notifications (`pg_notify`, sent when the notifying transaction commits) on one connection of their
 * own, for what the server keeps in memory and must hear of when another writer changes it
 * (docs/decisions/0036-list-versions-by-notification.md).
 */
export interface NotificationFeed {
  listen(channel: string, handlers: NotificationHandlers): void;
  /**
   * Resolves `true` once every notification of a transaction committed before the call has been handed to its
   * handler; `false` when the feed cannot say so (not listening, the connection lost or too slow).
   */
  sync(): Promise<boolean>;
  /**
   * How many statements this handle's pool has run that may have committed a change (anything but a SELECT).
   * Read before a change's own notifications can be counted on: a `sync()` called after it covers them.
   */
  localChanges(): number;
  close(): Promise<void>;
}

/** How the listening connection names itself to PostgreSQL (`pg_stat_activity`). */
export const NOTIFICATIONS_APPLICATION_NAME = 'dis-notifications';
/** Reconnection waits, growing to the last. */
const RECONNECT_MS = [100, 1000, 5000];
/** How long a statement on the listening connection (`sync()`'s round trip) waits before the connection is lost. */
const SYNC_TIMEOUT_MS = 1000;
/** How often an idle connection is checked, so a silently dead one is found and replaced. */
const CHECK_MS = 10_000;

/** A SELECT, after any comments before it: it changes nothing, so it is not counted. */
function readOnly(text: string): boolean {
  let rest = text.trimStart();
  while (rest.startsWith('/*')) {
    const end = rest.indexOf('*/');
    if (end < 0) return false;
    rest = rest.slice(end + 2).trimStart();
  }
  return /^select\b/i.test(rest);
}

/**
 * Counts, on each client of the pool, the statements that may commit a change, once they have completed. Kysely
 * runs every statement in the promise form of `query`, the only form counted.
 */
export function countChanges(client: pg.PoolClient, counter: { changes: number }): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    if (!(result instanceof Promise) || (typeof text === 'string' && readOnly(text))) return result;
    return result.finally(() => {
      counter.changes += 1;
    });
  }) as typeof client.query;
}

export function createPgNotificationFeed(
  connectionString: string,
  counter: { changes: number },
): NotificationFeed {
  const channels = new Map<string, NotificationHandlers>();
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let attempts = 0;
  let reconnect: NodeJS.Timeout | undefined;
  let current: Promise<boolean> | null = null;
  let next: Promise<boolean> | null = null;

  const check = setInterval(() => {
    if (listening && !current) void sync();
  }, CHECK_MS);
  check.unref();

  function lost(which: pg.Client): Promise<void> {
    if (client !== which) return Promise.resolve();
    client = null;
    if (listening) {
      listening = false;
      for (const handlers of channels.values()) handlers.live(false);
    }
    which.removeAllListeners('notification');
    which.on('error', () => {});
    if (!closed) {
      const wait = RECONNECT_MS[Math.min(attempts, RECONNECT_MS.length - 1)];
      attempts += 1;
      reconnect = setTimeout(() => void connect(), wait);
      reconnect.unref();
    }
    return which.end().catch(() => {});
  }

  async function connect(): Promise<void> {
    if (closed || client) return;
    const mine = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      // A statement unanswered this long fails, and the connection is treated as lost (`fence`).
      query_timeout: SYNC_TIMEOUT_MS,
      application_name: NOTIFICATIONS_APPLICATION_NAME,
    });
    client = mine;
    mine.on('notification', (n) => channels.get(n.channel)?.message(n.payload ?? ''));
    mine.on('error', () => void lost(mine));
    mine.on('end', () => void lost(mine));
    try {
      await mine.connect();
      // Every channel asked for, including one added while this connection was being made.
      const listened = new Set<string>();
      for (;;) {
        const missing = [...channels.keys()].filter((channel) => !listened.has(channel));
        if (missing.length === 0) break;
        for (const channel of missing) {
          await mine.query(`listen ${mine.escapeIdentifier(channel)}`);
          listened.add(channel);
        }
      }
    } catch {
      void lost(mine);
      return;
    }
    if (client !== mine || closed) return;
    listening = true;
    attempts = 0;
    for (const handlers of channels.values()) handlers.live(true);
  }

  /** One round trip on the listening connection: the notifications committed before it arrive before its answer. */
  function fence(): Promise<boolean> {
    const which = client;
    if (!listening || !which) return Promise.resolve(false);
    return which.query('select 1').then(
      () => listening && client === which,
      () => {
        void lost(which);
        return false;
      },
    );
  }

  /** A fence already under way may have started before the caller's change: such callers wait for the next one. */
  function sync(): Promise<boolean> {
    if (!current) {
      current = fence().finally(() => {
        current = null;
      });
      return current;
    }
    if (!next) {
      next = current.then(() => {
        next = null;
        return sync();
      });
    }
    return next;
  }

  return {
    listen(channel, handlers) {
      channels.set(channel, handlers);
      if (client && listening) {
        const which = client;
        which.query(`listen ${which.escapeIdentifier(channel)}`).then(
          () => {
            if (client === which && listening) handlers.live(true);
          },
          () => void lost(which),
        );
      } else void connect();
    },
    sync,
    localChanges: () => counter.changes,
    async close() {
      closed = true;
      clearInterval(check);
      clearTimeout(reconnect);
      if (client) await lost(client);
    },
  };
}
