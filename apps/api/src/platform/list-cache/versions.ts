import type { NotificationFeed } from '../db/notifications';

/** The channel the version trigger notifies on (migration 0016): `<organisation code> <version>`. */
export const LIST_VERSION_CHANNEL = 'organisation_list_versions';
/** Organisations whose versions are held at once; past it they are all forgotten and read again. */
const MAX_ORGANISATIONS = 50_000;

/**
 * Organisations' list versions held in memory while PostgreSQL's notifications tell of every change to them
 * (docs/decisions/0036-list-versions-by-notification.md), so a kept page costs no read of the database:
 * - An organisation's version is read from the database the first time it is asked for, and then raised by each
 *   notification of the version trigger (migration 0016), which PostgreSQL sends when the change commits.
 *   Versions only go up, so a notification and a read in either order leave the higher.
 * - A change this server made: its own next read must see it, but the notification may still be on its way.
 *   So once this server has run a statement that may have changed something, the next read waits for the feed to
 *   catch up (`sync`: one round trip on the listening connection) before answering from memory.
 * - Not listening (starting, the connection lost, too slow): every version is read from the database, as without
 *   the feed, and what was held is forgotten, since notifications may have been missed. A read that began before
 *   such a loss keeps nothing.
 */
export class ListVersions {
  private readonly versions = new Map<string, number>();
  private live = false;
  /** Moves on whenever what is held is forgotten; a read that began in an earlier epoch keeps nothing. */
  private epoch = 0;
  /** The feed has caught up with this server's changes up to this count. */
  private synced = 0;

  constructor(private readonly feed: NotificationFeed) {
    feed.listen(LIST_VERSION_CHANNEL, {
      message: (payload) => this.noted(payload),
      live: (listening) => {
        this.versions.clear();
        this.epoch += 1;
        this.live = listening;
      },
    });
  }

  /** The organisation's list version, as `read` (its read from the database) would give it now. */
  async version(organisationCode: string, read: () => Promise<string>): Promise<string> {
    if (!this.live) return read();
    const changes = this.feed.localChanges();
    if (changes > this.synced) {
      if (!(await this.feed.sync())) return read();
      this.synced = Math.max(this.synced, changes);
    }
    // Lost while catching up: nothing held can be trusted.
    if (!this.live) return read();
    const held = this.versions.get(organisationCode);
    if (held !== undefined) return String(held);
    // Listening stopped or started again meanwhile (the epoch moves with each): the read is not kept.
    const epoch = this.epoch;
    const version = await read();
    if (this.epoch === epoch) this.raise(organisationCode, Number(version));
    return version;
  }

  private noted(payload: string): void {
    if (!this.live) return;
    const space = payload.lastIndexOf(' ');
    const version = Number(payload.slice(space + 1));
    if (space > 0 && Number.isSafeInteger(version)) this.raise(payload.slice(0, space), version);
  }

  private raise(organisationCode: string, version: number): void {
    const held = this.versions.get(organisationCode);
    if (held === undefined && this.versions.size >= MAX_ORGANISATIONS) {
      this.versions.clear();
      this.epoch += 1;
    }
    if (held === undefined || version > held) this.versions.set(organisationCode, version);
  }
}
