import { describe, expect, it } from 'vitest';
import type { NotificationFeed, NotificationHandlers } from '../db/notifications';
import { LIST_VERSION_CHANNEL, ListVersions } from './versions';

/** A feed driven by the test: it decides when it listens, what it delivers and when `sync` answers. */
function fakeFeed() {
  let handlers: NotificationHandlers | undefined;
  const pendingSyncs: ((ok: boolean) => void)[] = [];
  const feed = {
    changes: 0,
    syncs: 0,
    listen(channel: string, h: NotificationHandlers) {
      expect(channel).toBe(LIST_VERSION_CHANNEL);
      handlers = h;
    },
    sync() {
      feed.syncs += 1;
      return new Promise<boolean>((resolve) => pendingSyncs.push(resolve));
    },
    localChanges: () => feed.changes,
    close: async () => {},
    live: (listening: boolean) => handlers!.live(listening),
    notify: (payload: string) => handlers!.message(payload),
    answerSyncs: (ok: boolean) => pendingSyncs.splice(0).forEach((resolve) => resolve(ok)),
  };
  return feed satisfies NotificationFeed;
}

/** The database's version, and how many times it was read. */
function database(start = 3) {
  const db = { version: start, reads: 0 };
  const read = async () => {
    db.reads += 1;
    return String(db.version);
  };
  return { db, read };
}

/** Versions held from a fake feed (listening or not), with a fake database at version 3. */
function setUp(listening: boolean) {
  const feed = fakeFeed();
  const versions = new ListVersions(feed);
  if (listening) feed.live(true);
  return { feed, versions, ...database() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('list versions held from the database notifications (decision 0036)', () => {
  it('reads the database on every request until the feed listens', async () => {
    const { versions, db, read } = setUp(false);
    expect(await versions.version('RB1', read)).toBe('3');
    expect(await versions.version('RB1', read)).toBe('3');
    expect(db.reads).toBe(2);
  });

  it('while listening, reads an organisation once and then follows its notifications', async () => {
    const { feed, versions, db, read } = setUp(true);
    expect(await versions.version('RB1', read)).toBe('3');
    expect(await versions.version('RB1', read)).toBe('3');
    expect(db.reads).toBe(1);

    feed.notify('RB1 4');
    feed.notify('RB2 9'); // another organisation's
    feed.notify('RB1 nonsense'); // ignored
    expect(await versions.version('RB1', read)).toBe('4');
    // Notifications of one transaction can arrive in any order: the version never goes down.
    feed.notify('RB1 6');
    feed.notify('RB1 5');
    expect(await versions.version('RB1', read)).toBe('6');
    expect(db.reads).toBe(1);
  });

  it('keeps the higher of a read and a notification that overtook it', async () => {
    const { feed, versions } = setUp(true);
    let answer: (version: string) => void = () => {};
    const slowRead = () => new Promise<string>((resolve) => (answer = resolve));
    const first = versions.version('RB1', slowRead);
    await tick();
    feed.notify('RB1 8'); // committed after the read's snapshot, delivered before its answer
    answer('7');
    expect(await first).toBe('7');
    const { read } = database(0);
    expect(await versions.version('RB1', read)).toBe('8');
  });

  it("waits for the feed to catch up with this server's own changes before answering from memory", async () => {
    const { feed, versions, db, read } = setUp(true);
    expect(await versions.version('RB1', read)).toBe('3');

    // This server committed a change; its notification is still on its way.
    feed.changes += 1;
    const after = versions.version('RB1', read);
    await tick();
    expect(feed.syncs).toBe(1);
    feed.notify('RB1 4');
    feed.answerSyncs(true);
    expect(await after).toBe('4');
    // Caught up: no more waiting until the next change.
    expect(await versions.version('RB1', read)).toBe('4');
    expect(feed.syncs).toBe(1);
    expect(db.reads).toBe(1);

    // The feed cannot catch up (lost, too slow): the database answers.
    feed.changes += 1;
    db.version = 5;
    const unsure = versions.version('RB1', read);
    await tick();
    feed.answerSyncs(false);
    expect(await unsure).toBe('5');
    expect(db.reads).toBe(2);
  });

  it('forgets every version when the feed stops listening, and a read begun before keeps nothing', async () => {
    const { feed, versions, db, read } = setUp(true);
    expect(await versions.version('RB1', read)).toBe('3');

    let answer: (version: string) => void = () => {};
    const inFlight = versions.version('RB2', () => new Promise<string>((resolve) => (answer = resolve)));
    feed.live(false);
    answer('1');
    expect(await inFlight).toBe('1');

    // Notifications may have been missed: the database answers every request.
    db.version = 10;
    feed.notify('RB1 4');
    expect(await versions.version('RB1', read)).toBe('10');
    expect(await versions.version('RB1', read)).toBe('10');
    expect(db.reads).toBe(3);

    // Listening again: read once more, then held; RB2's old read was not kept.
    feed.live(true);
    db.version = 11;
    expect(await versions.version('RB1', read)).toBe('11');
    expect(await versions.version('RB1', read)).toBe('11');
    expect(db.reads).toBe(4);
    const other = database(2);
    expect(await versions.version('RB2', other.read)).toBe('2');
    expect(other.db.reads).toBe(1);
  });
});
