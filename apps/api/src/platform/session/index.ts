import { AsyncLocalStorage } from 'node:async_hooks';
import fastifyCookie from '@fastify/cookie';
import fastifySession, { type FastifySessionOptions } from '@fastify/session';

type SessionStore = NonNullable<FastifySessionOptions['store']>;
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { SESSION_MAX_MS, SESSION_SERVER_IDLE_MS, SESSION_TOUCH_MS } from '@dis/domain';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { isDependencyUnavailable, serviceUnavailable } from '../unavailable';
import {
  countLiveSessions,
  deleteSession,
  deleteSessionsExpiredBy,
  findSession,
  updateSession,
  upsertSession,
} from './store';

export interface SessionUser {
  id: string;
  roles: string[];
  assuranceLevel: string;
  countersignatoryId: string | null;
}

export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  /** This sign-in is the retry after the provider answered login_required; a second one is not retried. */
  retry?: boolean;
}

declare module 'fastify' {
  interface Session {
    user?: SessionUser;
    createdAt?: number;
    lastSeenAt?: number;
    pendingSignIn?: PendingSignIn;
    /** Set when the provider's login_required ended the session: the next sign-in start is its retry. */
    signInRetry?: boolean;
    /** The London date of the countersignatory's latest declaration, once read as today's (declarations are only ever added). */
    declarationSignedOn?: string;
    /** The signed-in person's name as the user record holds it (written only at sign-in). */
    userName?: { forename: string; surname: string };
    /**
     * The provider's ID token from sign-in, kept only here (server side) for the sign-out's id_token_hint, which
     * the server sends as its own redirect (POST /oauth2/logout); never in an answer to the browser's scripts.
     */
    idToken?: string;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /**
     * Set when this request found the session past its idle or absolute limit and ended it ('idle', 'absolute'),
     * or carried the cookie of a session that is no longer there ('gone': signed out in another tab, ended
     * earlier): the person is told they are no longer signed in (decision 0055).
     */
    sessionEnded: 'idle' | 'absolute' | 'gone' | null;
  }
}

type Stored = Record<string, unknown> & { createdAt?: number; lastSeenAt?: number };

/** When the store may forget a session: the sooner of the idle and the absolute limit, or an hour for a sign-in in progress. */
function storeExpiry(session: Stored, now: number): Date {
  if (session.createdAt && session.lastSeenAt) {
    return new Date(
      Math.min(session.lastSeenAt + SESSION_SERVER_IDLE_MS, session.createdAt + SESSION_MAX_MS),
    );
  }
  return new Date(now + 60 * 60 * 1000);
}

const plain = (session: unknown): Stored => JSON.parse(JSON.stringify(session)) as Stored;

/**
 * A signed-in session is created once, at sign-in (when it was last seen the moment it began); every later save
 * only updates it. So a request that was already running when the person signed out cannot write the session back.
 */
const mayCreate = (session: Stored): boolean => !session.user || session.lastSeenAt === session.createdAt;

export class DatabaseSessionStore implements SessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  set(sid: string, session: unknown, callback: (err?: unknown) => void): void {
    const data = plain(session);
    const expires = storeExpiry(data, this.clock.now().getTime());
    const text = JSON.stringify(data);
    const write = mayCreate(data)
      ? upsertSession(this.db, sid, text, expires)
      : updateSession(this.db, sid, text, expires);
    write.then(() => callback(), callback);
  }

  get(sid: string, callback: (err: unknown, session?: never) => void): void {
    findSession(this.db, sid).then((row) => {
      if (!row || row.expires_at.getTime() <= this.clock.now().getTime()) return callback(null);
      return callback(null, row.data as never);
    }, callback);
  }

  destroy(sid: string, callback: (err?: unknown) => void): void {
    deleteSession(this.db, sid).then(() => callback(), callback);
  }

  async purgeExpired(): Promise<number> {
    return deleteSessionsExpiredBy(this.db, this.clock.now());
  }
}

/** Redis down: the request fails at once with 503 (the client has no offline queue), never a 500 or a hang. */
const unavailable = (callback: (err?: unknown) => void) => (error: unknown) =>
  callback(isDependencyUnavailable(error) ? serviceUnavailable() : error);

export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly prefix = 'dis:session:',
  ) {}

  set(sid: string, session: unknown, callback: (err?: unknown) => void): void {
    const data = plain(session);
    const ttl = Math.max(
      1,
      storeExpiry(data, this.clock.now().getTime()).getTime() - this.clock.now().getTime(),
    );
    const key = this.prefix + sid;
    const write = mayCreate(data)
      ? this.redis.set(key, JSON.stringify(data), 'PX', ttl)
      : this.redis.set(key, JSON.stringify(data), 'PX', ttl, 'XX');
    write.then(() => callback(), unavailable(callback));
  }

  get(sid: string, callback: (err: unknown, session?: never) => void): void {
    this.redis.get(this.prefix + sid).then((raw) => {
      if (!raw) return callback(null);
      const data = JSON.parse(raw) as Stored;
      // Redis keeps real time; a test clock can be ahead of it, so check the limits against our clock too.
      if (storeExpiry(data, 0).getTime() <= this.clock.now().getTime() && data.createdAt)
        return callback(null);
      return callback(null, data as never);
    }, unavailable(callback));
  }

  destroy(sid: string, callback: (err?: unknown) => void): void {
    this.redis.del(this.prefix + sid).then(() => callback(), unavailable(callback));
  }
}

/**
 * The session of a page the server is rendering, lent to the reads the render makes inside this process
 * (platform/pages.ts): a read that carries the same session's cookie starts from the page request's session as that
 * request holds it (its limits already checked, its activity already recorded), instead of reading the store again.
 * The cookie is still checked by each call as usual: a call with another session's cookie, or none, is not lent it.
 */
const lentSessions = new AsyncLocalStorage<FastifyRequest['session']>();

/** Runs a page's in-process read with the page request's session lent to it (only a live, signed-in session). */
export function withPageSession<T>(request: FastifyRequest, read: () => T): T {
  const session = request.session as FastifyRequest['session'] | null;
  return session?.get('user') ? lentSessions.run(session, read) : read();
}

/** A store that answers a lent session's identifier from the page request (above), and asks the store otherwise. */
class LendingStore implements SessionStore {
  constructor(private readonly store: SessionStore) {}

  set(sid: string, session: unknown, callback: (err?: unknown) => void): void {
    this.store.set(sid, session as never, callback);
  }

  get(sid: string, callback: (err: unknown, session?: never) => void): void {
    const lent = lentSessions.getStore();
    // The Session given back is copied by the session module into the call's own (its values and identifier).
    if (lent && lent.sessionId === sid) return callback(null, lent as never);
    this.store.get(sid, callback as never);
  }

  destroy(sid: string, callback: (err?: unknown) => void): void {
    this.store.destroy(sid, callback);
  }
}

export interface SessionOptions {
  db: Db;
  clock: Clock;
  secret: string;
  secureCookies: boolean;
  redis: Redis | undefined;
}

export const sessionCookieName = (secure: boolean): string => (secure ? '__Host-dis-session' : 'dis-session');

/**
 * A marker that this browser has been signed in since it was opened (no identifier, nothing personal; a browser-
 * session cookie). The session cookie alone cannot say a session has ended: the first answer after the end clears
 * it (another tab's sign-out, the identity provider's pages on this origin). With the marker, a signed-in page or
 * form reached with no session tells the person they are no longer signed in (decision 0055).
 */
export const signedInMarkerName = (secure: boolean): string =>
  secure ? '__Host-dis-signed-in' : 'dis-signed-in';

/** Sets the marker at sign-in. */
export function markSignedIn(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(signedInMarkerName(secure), '1', { path: '/', httpOnly: true, secure, sameSite: 'lax' });
}

export async function registerSessions(app: FastifyInstance, options: SessionOptions): Promise<void> {
  const { clock } = options;
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: options.secret,
    cookieName: sessionCookieName(options.secureCookies),
    // Browser-session cookie: the server, not the cookie, decides when a session ends.
    cookie: { path: '/', httpOnly: true, secure: options.secureCookies, sameSite: 'lax' },
    saveUninitialized: false,
    rolling: false,
    store: new LendingStore(
      options.redis
        ? new RedisSessionStore(options.redis, clock)
        : new DatabaseSessionStore(options.db, clock),
    ),
  });

  app.decorateRequest('user', null);
  app.decorateRequest('sessionEnded', null);

  // Idle (30 minutes, counted from the activity last recorded with the margin of decision 0035) and absolute
  // (4 hours) limits, enforced on every request.
  const cookieName = sessionCookieName(options.secureCookies);
  const markerName = signedInMarkerName(options.secureCookies);
  app.addHook('onRequest', async (request) => {
    const session = request.session;
    const user = session.get('user');
    if (!user) {
      // Signed in earlier in this browser, or a cookie whose session the store no longer has (the session module
      // started a new one in its place): the session has ended.
      const cookie = request.cookies[cookieName];
      if (request.cookies[markerName] === '1' || (cookie && cookie !== session.encryptedSessionId))
        request.sessionEnded = 'gone';
      return;
    }
    const now = clock.now().getTime();
    const createdAt = session.get('createdAt') ?? now;
    const lastSeenAt = session.get('lastSeenAt') ?? now;
    const ended =
      now - createdAt >= SESSION_MAX_MS
        ? 'absolute'
        : now - lastSeenAt >= SESSION_SERVER_IDLE_MS
          ? 'idle'
          : null;
    if (ended) {
      await session.destroy();
      request.sessionEnded = ended;
      return;
    }
    // Activity is recorded at most once a minute, so a read does not re-write the session on every call: the
    // idle limit runs from the last recorded activity, up to a minute before the last request. The first
    // request after sign-in always records it, so every later save updates the session and none re-creates it.
    if (now - lastSeenAt >= SESSION_TOUCH_MS || lastSeenAt === createdAt) session.set('lastSeenAt', now);
    request.user = user;
  });
}

export async function startUserSession(request: FastifyRequest, user: SessionUser, now: Date): Promise<void> {
  // A fresh identifier at sign-in stops session fixation.
  await request.session.regenerate();
  request.session.set('user', user);
  request.session.set('createdAt', now.getTime());
  request.session.set('lastSeenAt', now.getTime());
}

/**
 * The person of a live session signed in again: their roles and assurance as the provider now gives them, the
 * sign-in in progress cleared, the identifier and the idle and absolute limits as they were (signing in again
 * through a link does not lengthen the 4 hours).
 */
export function refreshUserSession(request: FastifyRequest, user: SessionUser): void {
  request.session.set('user', user);
  request.session.set('pendingSignIn', undefined);
  request.session.set('signInRetry', undefined);
  // Read again from the user record, which this sign-in has just written.
  request.session.set('userName', undefined);
}

export function sessionExpiryTime(request: FastifyRequest): Date | null {
  const createdAt = request.session.get('createdAt');
  return createdAt ? new Date(createdAt + SESSION_MAX_MS) : null;
}

/** Redis keys counted per SCAN call, and the most a count walks (a figure, not a promise of exactness). */
const SCAN_BATCH = 1000;
const SCAN_CAP = 1_000_000;

/**
 * Sessions that have not expired (for /metrics): rows of the database store, or the Redis store's keys (Redis
 * forgets expired ones itself), counted with SCAN so that Redis is never blocked.
 */
export async function countSessions(db: Db, redis: Redis | undefined, now: Date): Promise<number> {
  if (!redis) return countLiveSessions(db, now);
  let cursor = '0';
  let count = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', 'dis:session:*', 'COUNT', SCAN_BATCH);
    cursor = next;
    count += keys.length;
  } while (cursor !== '0' && count < SCAN_CAP);
  return count;
}
