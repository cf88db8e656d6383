import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as contracts from '@dis/domain/contracts';
import type { EndpointContract } from '@dis/domain/contracts';
import type { RouteAccess } from './access';

/**
 * Routes left out of the OpenAPI document: the local stand-ins (never in production), the web app's files and its
 * history fallback, and the local clamd page. The casework API is in it: its consumer is another service.
 */
export function isUndocumented(url: string): boolean {
  return url.startsWith('/local/') || url === '/local' || url === '/*' || url.startsWith('/assets');
}

/** The security schemes of the document, by name. */
export const SECURITY_SCHEMES = {
  /** The signed-in person's session (every route that names roles). */
  sessionCookie: 'sessionCookie',
  /** A shared link's recipient, after the link's token was exchanged for a short-lived cookie (decision 0022). */
  recipientCookie: 'recipientCookie',
  /** The case-management system's token on /internal/casework/*. */
  caseworkBearer: 'caseworkBearer',
  /** Notify's token on its delivery callbacks. */
  notifyCallbackBearer: 'notifyCallbackBearer',
} as const;

type Security = Record<string, string[]>[];

/** Who may call a route, as the document's `security`: `[]` for a public route. */
export function securityOf(access: RouteAccess | undefined, url: string, tag: string | undefined): Security {
  if (access === undefined) return [];
  if (access === 'service') {
    if (url.startsWith('/internal/casework/')) return [{ [SECURITY_SCHEMES.caseworkBearer]: [] }];
    if (url.startsWith('/notify/callbacks/')) return [{ [SECURITY_SCHEMES.notifyCallbackBearer]: [] }];
    // Policy-violation reports: browsers send them with no credentials.
    return [];
  }
  if (access === 'public') return tag === 'share-links' ? [{ [SECURITY_SCHEMES.recipientCookie]: [] }] : [];
  return [{ [SECURITY_SCHEMES.sessionCookie]: [] }];
}

const isContract = (value: unknown): value is EndpointContract =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

/**
 * Each contract's name, by `METHOD path`: its export without `Contract` (`saveOrganisationDraft`), or for a group
 * of contracts exported as one object, the group's name and the contract's key (`batchContracts.upload` ->
 * `batchUpload`).
 */
const CONTRACT_NAMES = new Map<string, { name: string; contract: EndpointContract }>();
const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);
for (const [name, value] of Object.entries(contracts as Record<string, unknown>)) {
  const found: [string, EndpointContract][] = isContract(value)
    ? [[name.replace(/Contract$/, ''), value]]
    : name.endsWith('Contracts') && typeof value === 'object' && value !== null
      ? Object.entries(value)
          .filter((entry): entry is [string, EndpointContract] => isContract(entry[1]))
          .map(([key, contract]) => [`${name.replace(/Contracts$/, '')}${capitalised(key)}`, contract])
      : [];
  for (const [operation, contract] of found)
    CONTRACT_NAMES.set(`${contract.method} ${contract.path}`, { name: operation, contract });
}

/** `GET /oauth2/authorization/:id` -> `getOauth2AuthorizationById`: the operation id of a route with no contract. */
export function operationIdFromRoute(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((part) => (part.startsWith(':') ? ['by', part.slice(1)] : part.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map(capitalised)].join('');
}

/** `saveOrganisationDraft` -> `Save organisation draft`. */
export function summaryFromName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ')
    .map((word, i) => (i > 0 && !/^[A-Z0-9]+$/.test(word) ? word.toLowerCase() : word));
  const sentence = words.join(' ');
  return sentence[0]!.toUpperCase() + sentence.slice(1);
}

/**
 * Schemas several contracts share, each one component of the document (`#/components/schemas/<name>`; a schema
 * read as a request body is also `<name>Input`). A contract that reuses one of these objects refers to it.
 */
function sharedSchemas(): z.core.$ZodRegistry<{ id: string }> {
  const registry = z.registry<{ id: string }>();
  const shared: [string, z.ZodType][] = [
    ['Draft', contracts.draftContract.response],
    ['ApplicationList', contracts.organisationApplicationsContract.response],
    ['Result', contracts.resultContract.response],
    ['OneTimeCodeAnswer', contracts.otcVerifyContract.body],
    ['ReminderSetting', contracts.reminderSettingContract.response],
  ];
  for (const [id, schema] of shared) registry.add(schema, { id });
  return registry;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The module whose routes these are: the route's tag in /openapi.json (set by `tagModuleRoutes`). */
    module?: string;
  }
}

/**
 * Every route registered on `app` (a module's own context) after this call carries the module's name, its tag in
 * the OpenAPI document.
 */
export function tagModuleRoutes(app: FastifyInstance, module: string): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...route.config, module };
  });
}

/**
 * The OpenAPI 3 document of the product API, generated by @fastify/swagger from the routes' zod schemas (the
 * domain contracts, through fastify-type-provider-zod's transform), served at GET /openapi.json. Call before any
 * route is registered: the plugin collects routes as they are added. Each operation has an `operationId` (the
 * contract's name, or the method and path of a route without one), a summary (the contract's own, or its name in
 * words), its module as its tag and its `security` (`[]` when public); schemas several contracts share are
 * components, and a body its handler reads itself (the draft saves) is shown as the request body.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  {
    title,
    version,
    cookies,
  }: { title: string; version: string; cookies: { session: string; recipient: string } },
): Promise<void> {
  const schemaRegistry = sharedSchemas();
  const toJsonSchema = createJsonSchemaTransform({ schemaRegistry });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title,
        version,
        description: 'Routes, payloads and answers, generated from the domain contracts.',
      },
      components: {
        securitySchemes: {
          [SECURITY_SCHEMES.sessionCookie]: {
            type: 'apiKey',
            in: 'cookie',
            name: cookies.session,
            description: 'The session cookie set by the sign-in (/oauth2/callback).',
          },
          [SECURITY_SCHEMES.recipientCookie]: {
            type: 'apiKey',
            in: 'cookie',
            name: cookies.recipient,
            description: 'A shared link’s recipient: set when the link’s token is exchanged.',
          },
          [SECURITY_SCHEMES.caseworkBearer]: {
            type: 'http',
            scheme: 'bearer',
            description: 'The case-management system’s token (CASEWORK_API_TOKEN).',
          },
          [SECURITY_SCHEMES.notifyCallbackBearer]: {
            type: 'http',
            scheme: 'bearer',
            description: 'GOV.UK Notify’s callback token (NOTIFY_CALLBACK_TOKEN).',
          },
        },
      },
    },
    transform: (input) => {
      const { route, url } = input;
      if (isUndocumented(url) || input.schema?.hide) {
        return { schema: { ...input.schema, hide: true }, url };
      }
      const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
      const known = CONTRACT_NAMES.get(`${method} ${url}`);
      const operationId = known?.name ?? operationIdFromRoute(method, url);
      const ownSummary =
        known?.contract.summary ?? (input.schema as { summary?: string } | undefined)?.summary;
      const tag = route.config?.module;
      const documentedBody = route.config?.documentedBody;
      return toJsonSchema({
        ...input,
        schema: {
          ...input.schema,
          ...(input.schema?.body === undefined && documentedBody ? { body: documentedBody } : {}),
          operationId,
          summary: ownSummary ?? summaryFromName(operationId),
          ...(tag ? { tags: [tag] } : {}),
          security: securityOf(route.config?.access, url, tag),
        },
      });
    },
    transformObject: createJsonSchemaTransformObject({ schemaRegistry }),
  });
  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
