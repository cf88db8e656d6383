import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CSV_MAX_BYTES } from '@dis/domain';
import type {
  ActionAnswer,
  ActionRequest,
  ApiFetch,
  PageRequest,
  PostedFile,
  RenderedPage,
} from '@dis/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import inject from 'light-my-request';
import { ApiError } from './errors';
import { FORM_KEY_FIELD, isFormKey, newFormKey, type FormKeys } from './form-keys';
import { withPageSession } from './session';

// Every page of the web app rendered on the server by React (decision 0038): the web's server build
// (apps/web/dist-server/entry-server.js) renders a page from the same components the browser runs, reading what it
// needs through this process's own routes under the person's session, so every check of the JSON API applies.
// A form posted without JavaScript is answered by the page's action the same way, then post/redirect/get.

/** What the web's server build offers (apps/web/src/entry-server.tsx; the apps never import each other). */
interface ServerRenderer {
  renderPage(request: PageRequest): Promise<RenderedPage>;
  runAction(request: ActionRequest): Promise<ActionAnswer | undefined>;
  /** The route table's entry of an address (its path pattern), if any. */
  routeFor(pathname: string): { path: string } | undefined;
}

/**
 * The limits of a page's form posted as multipart/form-data (the CSV batch upload is the one page that takes a
 * file): one file of at most the batch upload's 500 KB, as the JSON upload route reads it, beside a few short
 * fields (the form token). Reading stops at one byte over.
 */
export const PAGE_MULTIPART_LIMITS = {
  fileSize: CSV_MAX_BYTES,
  files: 1,
  fields: 8,
  fieldSize: 1024,
  parts: 9,
} as const;

const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/** A page's urlencoded form as the action reads it. */
function urlencodedForm(body: unknown): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, string | string[]>)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, String(one));
  }
  return form;
}

/**
 * A page's multipart form read to its end: its fields and its file (the whole content). A file over the limit
 * stops the reading at one byte over, as the JSON upload does, and is passed on without content. A form that cannot
 * be read to its end (cut off, malformed, over the count of parts) keeps the fields read before the problem and no
 * file at all, so a half-read file never reaches an action.
 */
async function multipartForm(
  request: FastifyRequest,
): Promise<{ form: URLSearchParams; files: Record<string, PostedFile> }> {
  const form = new URLSearchParams();
  const files: Record<string, PostedFile> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.append(part.fieldname, part.value);
        continue;
      }
      const file: PostedFile = { filename: part.filename, type: part.mimetype, content: null };
      try {
        file.content = new Uint8Array(await part.toBuffer());
      } catch (error) {
        if ((error as { code?: string }).code !== FILE_TOO_LARGE) throw error;
        // Over the limit: nothing more is read (the form's token comes before its file).
        return { form, files: { [part.fieldname]: file } };
      }
      files[part.fieldname] = file;
    }
  } catch {
    return { form, files: {} };
  }
  return { form, files };
}

/** A request body the page's calls send: text as it is, a multipart form (a file upload) encoded. */
async function payloadOf(
  body: RequestInit['body'],
  headers: Record<string, string>,
): Promise<string | Buffer | undefined> {
  if (typeof body === 'string') return body;
  if (body instanceof FormData) {
    const encoded = new Request('http://localhost/', { method: 'POST', body });
    headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
    return Buffer.from(await encoded.arrayBuffer());
  }
  return undefined;
}

/** The form-post token's cookie: a random value every page's forms repeat (a double-submit token, decision 0038). */
export function formTokenCookieName(secure: boolean): string {
  return secure ? '__Host-dis-form' : 'dis-form';
}
export const FORM_TOKEN_FIELD = '_csrf';

/**
 * Refuses (403 CSRF_REJECTED) a form post that does not repeat the form token of this browser's cookie (the
 * double-submit token every page's form carries; the Origin is checked before, platform/security.ts).
 */
export function checkFormToken(cookie: string | undefined, sent: unknown): void {
  const expected = cookie ?? '';
  const given = typeof sent === 'string' ? sent : '';
  if (
    !expected ||
    given.length !== expected.length ||
    !timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  )
    throw new ApiError(403, 'CSRF_REJECTED', 'This request did not come from this service');
}

const ROOT_ELEMENT = '<div id="root"></div>';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Only an address on this site (a path, never `//host`) may be a page's redirect. */
function isLocalPath(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
}

function headerValues(value: string | string[] | number | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [String(value)];
}

/**
 * The calls of one page render, dispatched into this process (`inject`: no socket, the same hooks) with the
 * person's cookies, address and browser; cookies the answers set are passed on to the page's response and to the
 * render's next calls. A read is lent the page request's session (platform/session: no second read of the store).
 */
function apiFetchFor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  origin: string,
): ApiFetch {
  const jar = new Map<string, string>();
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) jar.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return async (input, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.cookie = cookie;
    if (request.headers['user-agent']) headers['user-agent'] = request.headers['user-agent'];
    // The page's own post has passed the request-forgery checks; its calls come from this service.
    if (method !== 'GET') headers.origin = origin;
    const payload = await payloadOf(init.body, headers);
    const answer = await inject(
      // What `app.inject` does once the server is up (a page is only ever rendered then), with the page request's
      // session lent to a read around the dispatch (the request's stream would lose it): a change goes through the
      // store.
      (req, res) =>
        method === 'GET' ? withPageSession(request, () => app.routing(req, res)) : app.routing(req, res),
      {
        method: method as 'GET',
        url: input,
        headers,
        ...(payload === undefined ? {} : { payload }),
        remoteAddress: request.ip,
      },
    );
    for (const setCookie of headerValues(answer.headers['set-cookie'])) {
      reply.header('set-cookie', setCookie);
      const [pair = '', ...attributes] = setCookie.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a),
      );
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(at + 1).trim());
    }
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (name === 'set-cookie') continue;
      for (const one of headerValues(value)) responseHeaders.append(name, one);
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || answer.rawPayload.length === 0;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}

export interface PagesOptions {
  /** The built browser app (its index.html is the page template). */
  distDir: string;
  publicUrl: string;
  secureCookies: boolean;
  /**
   * The claims of forms' one-time keys (decision 0076): a repeated post is answered with the first's outcome. Without
   * them (tests of the web's files alone) every post runs.
   */
  formKeys?: FormKeys | undefined;
}

/** What a repeated form post whose first has not finished is shown (decision 0076), as the generic error page. */
export const UNFINISHED_POST_PAGE = `/error?${new URLSearchParams({
  code: 'FORM_POST_UNFINISHED',
  status: '409',
  message:
    'The form you sent is still being saved, or it could not be. Do not send it again: wait a minute, then go to your dashboard to check whether it was saved.',
}).toString()}`;

export interface Pages {
  /** False when the web app has not been built (the server then says so). */
  ready: boolean;
  render(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  post(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

export async function createPages(app: FastifyInstance, options: PagesOptions): Promise<Pages> {
  const template = path.join(options.distDir, 'index.html');
  const serverBuild = path.join(options.distDir, '..', 'dist-server', 'entry-server.js');
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- WEB_DIST from the operator's configuration
  const ready = existsSync(template) && existsSync(serverBuild);
  if (!ready) {
    const unbuilt = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built. Run `npm run build` (npm start does this for you).');
    return { ready, render: unbuilt, post: unbuilt };
  }
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- as above
  const html = readFileSync(template, 'utf8');
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`${template} has no ${ROOT_ELEMENT}`);
  // The page without the browser app: no module script and no preloads of its files.
  const htmlWithoutScript = html
    .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  const renderer = (await import(pathToFileURL(serverBuild).href)) as ServerRenderer;
  const origin = new URL(options.publicUrl).origin;
  const cookieName = formTokenCookieName(options.secureCookies);

  /** The route a form posts to, as the route table names it (no token or id of the address is kept). */
  function routeOf(url: string): string {
    const pathname = url.split('?')[0] ?? '/';
    return renderer.routeFor(pathname)?.path ?? 'unknown';
  }

  /** The request's form-post token, set as a cookie when it has none yet. */
  function formToken(request: FastifyRequest, reply: FastifyReply): string {
    const existing = request.cookies[cookieName];
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const token = randomBytes(32).toString('base64url');
    reply.setCookie(cookieName, token, {
      path: '/',
      httpOnly: true,
      secure: options.secureCookies,
      sameSite: 'strict',
    });
    return token;
  }

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    csrfToken: string,
    posted?: unknown,
    url = request.url,
  ): Promise<FastifyReply> {
    const page = await renderer.renderPage({
      url,
      fetch: apiFetchFor(app, request, reply, origin),
      csrfToken,
      // Every render gives its forms a key of their own (decision 0076).
      formKey: newFormKey(),
      cookies: request.headers.cookie ?? '',
      secureCookies: options.secureCookies,
      sessionEnded: request.sessionEnded !== null,
      ...(posted ? { posted } : {}),
    });
    reply.header('Cache-Control', 'no-store');
    if (page.redirect && isLocalPath(page.redirect)) return reply.redirect(page.redirect, 303);
    const body = (page.script === 'none' ? htmlWithoutScript : html)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
      .replace(
        ROOT_ELEMENT,
        // A page the app does not take over has no use for the state the app would start from; one with plain
        // enhancements tells the entry so (decision 0074).
        page.script === 'app'
          ? `<div id="root">${page.html}</div><script id="page-state" type="application/json">${page.state}</script>`
          : `<div id="root"${page.script === 'light' ? ' data-script="light"' : ''}>${page.html}</div>`,
      );
    return reply.status(page.status).type('text/html; charset=utf-8').send(body);
  }

  return {
    ready,
    render: (request, reply) => send(request, reply, formToken(request, reply)),
    async post(request, reply) {
      // Origin is checked for every state change before this (platform/security.ts); the form must also repeat
      // the token of this browser's cookie.
      const cookie = request.cookies[cookieName] ?? '';
      // A form with a file (the CSV batch upload) posts as multipart/form-data: read whole, within the limits.
      const { form, files } = request.isMultipart()
        ? await multipartForm(request)
        : { form: urlencodedForm(request.body), files: {} };
      checkFormToken(cookie, form.get(FORM_TOKEN_FIELD));
      // The form's one-time key, claimed for this browser before the action runs (decision 0076): a repeat of a
      // post is answered with the first's redirect, after waiting for the first to finish. A post without a key
      // (a page from before, or someone's own system) runs as it always did.
      const key = form.get(FORM_KEY_FIELD);
      const turn =
        options.formKeys && isFormKey(key)
          ? await options.formKeys.claim(cookie, key, routeOf(request.url))
          : undefined;
      if (turn?.kind === 'repeat')
        return reply.header('Cache-Control', 'no-store').redirect(turn.redirect, 303);
      if (turn?.kind === 'unfinished') return send(request, reply, cookie, undefined, UNFINISHED_POST_PAGE);
      let result: ActionAnswer | undefined;
      try {
        result = await renderer.runAction({
          url: request.url,
          fetch: apiFetchFor(app, request, reply, origin),
          csrfToken: cookie,
          secureCookies: options.secureCookies,
          sessionEnded: request.sessionEnded !== null,
          form,
          files,
        });
      } catch (error) {
        // Nothing known to have been done: the key may be posted again.
        await turn?.released();
        throw error;
      }
      if (result && 'redirect' in result) {
        const target = isLocalPath(result.redirect) ? result.redirect : '/';
        await turn?.completed(target);
        for (const setCookie of result.setCookies ?? []) reply.header('set-cookie', setCookie);
        return reply.redirect(target, 303);
      }
      // The page again with what is wrong (nothing saved), or no form at all: the same key may be posted again.
      await turn?.released();
      if (!result) throw new ApiError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
      return send(request, reply, cookie, result.posted);
    },
  };
}
