/** The server's one source of "now", so tests can move time (session limits, expiry jobs) without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that can be moved forward: the local clock page (/local/clock) moves it. */
export interface AdjustableClock extends Clock {
  advance(ms: number): void;
}

export function isAdjustableClock(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).advance === 'function';
}

export class FakeClock implements AdjustableClock {
  private current: number;
  constructor(start: Date | string = '2026-11-22T10:00:00Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
}

/**
 * Real time plus an offset that only grows: the clock of a server with the local stand-ins on, so people and
 * browser tests can reach "14 days later" from /local/clock. The offset lives in this process's memory only:
 * it is meant for one local process, is lost on restart, and each of several instances would keep its own.
 * Never used with the local stand-ins off.
 */
export class OffsetClock implements AdjustableClock {
  private offset = 0;
  constructor(private readonly base: Clock = systemClock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offset);
  }
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward');
    this.offset += ms;
  }
  /** How far ahead of the real time the clock is, in milliseconds. */
  get offsetMs(): number {
    return this.offset;
  }
}
