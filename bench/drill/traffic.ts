/**
 * The drill's mixed traffic: virtual countersignatories who sign in through the identity provider (every redirect
 * of the round trip is a request), open the dashboard page, list their applications and results, create and save
 * drafts, submit them and hand them over. Requests go through the proxy at a set rate of operations a second; each
 * request is recorded with the phase it started in, and every acknowledged submission and hand-over is kept for
 * the check afterwards.
 */

export interface RequestRecord {
  phase: string;
  kind: 'api' | 'page';
  ms: number;
  /** ok; failed; or unavailable (503 with the standard body: the service saying so, not a broken answer). */
  outcome: 'ok' | 'failed' | 'unavailable';
  at: number;
  what: string;
  /** Who gave a refusal: the service (its answers carry X-Request-Id) or the proxy. */
  source?: 'service' | 'proxy' | 'network';
}

export interface Acknowledged {
  /** Reference of each application whose submission (declaration) was answered 200. */
  submissions: Set<string>;
  /** Reference of each application whose hand-over was answered 200. */
  handovers: Set<string>;
}

// Countersignatories of organisation A, whose cost centres include the invoice sub-account A200.
const PERSONAS = ['csg', 'lead-csg'];

/** A complete level 2 save; the organisation pays by invoice (as the API tests' level2Payload). */
function level2Payload(n: number) {
  return {
    confirmRoleQualifies: true,
    roleDetails: { position: 'Care worker' },
    confirmationOfIdentity: true,
    applicantName: { forename: 'Robin', surname: `Drill-${String.fromCharCode(97 + (n % 26))}` },
    applicantDateOfBirth: { day: 14, month: 3, year: 1990 },
    applicantEmail: 'robin.applicant@example.com',
    applicantCurrentAddress: {
      line1: '1 Harbour Wynd',
      town: 'Edinburgh',
      postcode: 'EH6 6AA',
      country: 'GB',
    },
    csgAnotherOrganisation: { isCsgForAnotherOrganisation: false },
    whoWillPay: 'Organisation',
    onlinePaymentType: 'INVOICE',
    invoiceSubAccountCode: 'A200',
  };
}

class Failed extends Error {}

interface Cookie {
  value: string;
  path: string;
}

class VirtualUser {
  private readonly cookies = new Map<string, Cookie>();
  signedIn = false;
  busy = false;
  orgCode = '';
  /** Drafts created, and whether each has been saved. */
  drafts: { token: string; reference: string; saved: boolean }[] = [];

  constructor(
    private readonly traffic: Traffic,
    readonly persona: string,
  ) {}

  private cookieHeader(path: string): string {
    return [...this.cookies]
      .filter(([, cookie]) => path.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const path =
        attributes
          .map((a) => a.trim())
          .find((a) => /^path=/i.test(a))
          ?.slice(5) ?? '/';
      const expired = attributes.some(
        (a) => /^max-age=0$/i.test(a.trim()) || /^expires=Thu, 01 Jan 1970/i.test(a.trim()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }

  /** One request through the proxy, recorded. Throws Failed when the answer is not one of `expected`. */
  async call(
    what: string,
    method: string,
    target: string,
    options: { json?: unknown; form?: Record<string, string>; expected: number[]; kind?: 'api' | 'page' },
  ): Promise<Response> {
    const url = new URL(target, this.traffic.publicUrl);
    const headers: Record<string, string> = {};
    const cookie = this.cookieHeader(url.pathname);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
      headers['x-requested-with'] = 'XMLHttpRequest';
      headers.origin = this.traffic.publicUrl;
    } else if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = this.traffic.publicUrl;
    }
    const phase = this.traffic.phase;
    const started = performance.now();
    let res: Response;
    let text: string;
    try {
      const send = () =>
        fetch(url, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      // A kept-alive connection the proxy closed just as a read went out: a browser sends it again on a new
      // connection; so does the drill, once, and counts it.
      res = await send().catch((error: Error & { cause?: { code?: string; message?: string } }) => {
        const cause = `${error.cause?.code ?? ''} ${error.cause?.message ?? ''}`;
        // Only a read: a write sent twice could not be told apart from one the service repeated itself.
        if (method !== 'GET' || !/other side closed|ECONNRESET|UND_ERR_SOCKET/.test(cause)) throw error;
        this.traffic.retried += 1;
        return send();
      });
      text = await res.text();
    } catch (error) {
      this.traffic.record({
        phase,
        kind: options.kind ?? 'api',
        ms: performance.now() - started,
        outcome: 'failed',
        at: Date.now(),
        source: 'network',
        what: `${what}: ${(error as Error).message} ${String((error as Error & { cause?: Error }).cause?.message ?? '')}`,
      });
      throw new Failed(what);
    }
    const ms = performance.now() - started;
    this.remember(res);
    if (options.expected.includes(res.status)) {
      this.traffic.record({ phase, kind: options.kind ?? 'api', ms, outcome: 'ok', at: Date.now(), what });
      (res as Response & { bodyText?: string }).bodyText = text;
      return res;
    }
    const unavailable = res.status === 503 && text.includes('TEMPORARILY_UNAVAILABLE');
    this.traffic.record({
      phase,
      kind: options.kind ?? 'api',
      ms,
      outcome: unavailable ? 'unavailable' : 'failed',
      at: Date.now(),
      source: res.headers.has('x-request-id') ? 'service' : 'proxy',
      what: `${what}: ${res.status}${res.status >= 400 && res.status < 500 ? ` ${text.slice(0, 160)}` : ''}`,
    });
    if (res.status === 401) this.signedIn = false;
    throw new Failed(what);
  }

  private json<T>(res: Response): T {
    return JSON.parse((res as Response & { bodyText?: string }).bodyText ?? 'null') as T;
  }

  /** The identity provider's round trip, as a browser makes it, then today's declaration. */
  async signIn(): Promise<void> {
    this.cookies.clear();
    this.drafts = [];
    let res = await this.call('sign-in start', 'GET', '/oauth2/authorization/dis', { expected: [302] });
    let location = new URL(res.headers.get('location') ?? '', this.traffic.publicUrl);
    for (let hops = 0; hops < 12; hops++) {
      if (location.pathname === '/oauth2/callback') break;
      if (/^\/local\/idp\/interaction\/[^/]+$/.test(location.pathname)) {
        const page = await this.call('sign-in page', 'GET', location.href, {
          expected: [200, 302, 303],
          kind: 'page',
        });
        if (page.status === 200) {
          res = await this.call('sign-in choose', 'POST', `${location.href}/login`, {
            form: { persona: this.persona },
            expected: [303],
            kind: 'page',
          });
        } else res = page;
      } else {
        res = await this.call('sign-in provider', 'GET', location.href, {
          expected: [302, 303],
          kind: 'page',
        });
      }
      location = new URL(res.headers.get('location') ?? '', location);
    }
    if (location.pathname !== '/oauth2/callback') throw new Failed('sign-in: no callback');
    res = await this.call('sign-in callback', 'GET', location.href, { expected: [302] });
    const landing = res.headers.get('location') ?? '';
    if (landing.startsWith('/error')) {
      this.traffic.record({
        phase: this.traffic.phase,
        kind: 'api',
        ms: 0,
        outcome: 'failed',
        at: Date.now(),
        what: `sign-in landed on ${landing}`,
      });
      throw new Failed('sign-in landing');
    }
    await this.call('declaration', 'POST', '/api/declaration', {
      json: { agreed: true },
      expected: [200, 201],
    });
    const who = this.json<{ countersignatoryDetails?: { organisationCode: string } }>(
      await this.call('user information', 'GET', '/oauth2/api/userinformation', { expected: [200] }),
    );
    this.orgCode = who.countersignatoryDetails?.organisationCode ?? '';
    this.signedIn = true;
  }

  /** One operation of the mix. */
  async step(n: number): Promise<void> {
    if (!this.signedIn) return this.signIn();
    const roll = n % 20;
    const saved = this.drafts.find((d) => d.saved);
    const unsaved = this.drafts.find((d) => !d.saved);
    if (roll < 1) {
      // A page may answer with a redirect (the server-rendered dashboard sends a person to the page they need).
      await this.call('dashboard page', 'GET', '/dashboard', { expected: [200, 302, 303], kind: 'page' });
    } else if (roll < 7) {
      await this.call('applications list', 'GET', '/ags/disclosure-summaries?page=1&pageSize=10', {
        expected: [200],
      });
    } else if (roll < 10) {
      await this.call('results summary', 'GET', `/api/organisation/${this.orgCode}/results-summary`, {
        expected: [200],
      });
    } else if (roll < 12 || (!saved && !unsaved)) {
      if (this.drafts.length >= 4) {
        await this.call('applications list', 'GET', '/ags/disclosure-summaries?page=1&pageSize=10', {
          expected: [200],
        });
        return;
      }
      const created = this.json<{ draftApplicationToken: string; applicationReference: string }>(
        await this.call('draft create', 'POST', '/api/draftApplications', {
          json: { applicationType: 'LB' },
          expected: [201],
        }),
      );
      this.drafts.push({
        token: created.draftApplicationToken,
        reference: created.applicationReference,
        saved: false,
      });
    } else if (roll < 16 || !saved) {
      const draft = unsaved ?? saved!;
      await this.call('draft save', 'PUT', `/api/draftApplications/${draft.token}/countersignatory`, {
        json: level2Payload(n),
        expected: [200],
      });
      draft.saved = true;
    } else {
      const draft = saved;
      this.drafts = this.drafts.filter((d) => d !== draft);
      await this.call('submission', 'POST', `/api/draftApplications/${draft.token}/submitted`, {
        json: { agreed: true },
        expected: [200],
      });
      this.traffic.acknowledged.submissions.add(draft.reference);
      await this.call('hand-over', 'PUT', `/api/draftApplications/${draft.token}/complete`, {
        json: {},
        expected: [200],
      });
      this.traffic.acknowledged.handovers.add(draft.reference);
    }
  }
}

export class Traffic {
  phase = 'start';
  readonly records: RequestRecord[] = [];
  readonly acknowledged: Acknowledged = { submissions: new Set(), handovers: new Set() };
  /** Operations not started because every virtual user was still waiting for an answer. */
  skipped = 0;
  /** Requests sent again after the kept-alive connection to the proxy closed before they reached it. */
  retried = 0;
  private readonly users: VirtualUser[];
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private count = 0;

  constructor(
    readonly publicUrl: string,
    private readonly rate: number,
    users: number,
  ) {
    this.users = Array.from(
      { length: users },
      (_, i) => new VirtualUser(this, PERSONAS[i % PERSONAS.length]!),
    );
  }

  record(entry: RequestRecord): void {
    this.records.push(entry);
  }

  /** Starts operations at `rate` a second until `stop`. */
  start(): void {
    const began = performance.now();
    const tick = () => {
      const due = Math.floor(((performance.now() - began) / 1000) * this.rate);
      while (this.count < due) {
        this.count += 1;
        const user = this.users.find((u) => !u.busy);
        if (!user) {
          this.skipped += 1;
          continue;
        }
        user.busy = true;
        const n = this.count;
        const run = user
          .step(n)
          .catch((error: unknown) => {
            if (!(error instanceof Failed)) throw error;
          })
          .finally(() => {
            user.busy = false;
            this.inFlight.delete(run);
          });
        this.inFlight.add(run);
      }
      this.timer = setTimeout(tick, 5);
    };
    tick();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    await Promise.all(this.inFlight);
  }
}
