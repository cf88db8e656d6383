import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Configuration } from 'oidc-provider';
import { z } from 'zod';
import { ASSURANCE_LEVELS, type AssuranceLevel, type Role } from '@dis/domain';
import { findPersona, PERSONAS, type Persona } from './personas';
import { escapeHtml, localErrorSummary, localPage } from './local-page';

/**
 * The local stand-in for the national identity service: an OpenID Connect provider mounted at /local/idp,
 * whose sign-in page lists made-up personas. Roles and assurance level arrive as claims, as from the real service.
 */
export const LOCAL_IDP_PREFIX = '/local/idp';

const CUSTOM_PREFIX = 'custom.';

/** Register records that custom countersignatory personas sign in against (seeded with organisations A and B). */
const CUSTOM_COUNTERSIGNATORY_CODES: Record<string, Partial<Record<Role, string>>> = {
  A: { CSG: 'CSA100009', LEVEL1_CSG: 'CSA100008' },
  B: { CSG: 'CSB200009', LEVEL1_CSG: 'CSB200008' },
};

const nameText = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z .,'’-]+$/);

const customPersonaSchema = z.object({
  givenName: nameText,
  familyName: nameText,
  birthdate: z.iso.date(),
  role: z.enum(['APPLICANT', 'APPLICATION_ONLY', 'APPLICANT_BASIC', 'CSG', 'LEVEL1_CSG']),
  assuranceLevel: z.enum(ASSURANCE_LEVELS as unknown as [AssuranceLevel, ...AssuranceLevel[]]),
  organisation: z.enum(['A', 'B']).optional(),
});

function customPersona(input: z.infer<typeof customPersonaSchema>): Persona {
  const slug = `${input.givenName}.${input.familyName}`.toLowerCase().replace(/[^a-z.]/g, '');
  const persona: Persona = {
    id: 'custom',
    description: 'Custom persona',
    givenName: input.givenName,
    familyName: input.familyName,
    birthdate: input.birthdate,
    email: `${slug || 'person'}@example.com`,
    phone: '07700900999',
    roles: [input.role],
    assuranceLevel: input.assuranceLevel,
  };
  const code = CUSTOM_COUNTERSIGNATORY_CODES[input.organisation ?? 'A']?.[input.role];
  if (code) persona.countersignatoryCode = code;
  return persona;
}

/** Account ids carry the whole persona, so the stand-in keeps no per-user state of its own. */
const encodeCustom = (persona: Persona): string =>
  CUSTOM_PREFIX + Buffer.from(JSON.stringify(persona)).toString('base64url');

function personaForAccount(accountId: string): Persona | undefined {
  if (!accountId.startsWith(CUSTOM_PREFIX)) return findPersona(accountId);
  try {
    return JSON.parse(
      Buffer.from(accountId.slice(CUSTOM_PREFIX.length), 'base64url').toString('utf8'),
    ) as Persona;
  } catch {
    return undefined;
  }
}

export function claimsFor(persona: Persona, sub: string) {
  return {
    sub,
    given_name: persona.givenName,
    family_name: persona.familyName,
    birthdate: persona.birthdate,
    email: persona.email,
    phone_number: persona.phone,
    roles: persona.roles.map((r) => `/${r}`),
    assurance_level: persona.assuranceLevel,
    ...(persona.countersignatoryCode ? { countersignatory_code: persona.countersignatoryCode } : {}),
  };
}

export interface LocalProviderOptions {
  issuer: string;
  clientId: string;
  /**
   * The service's public keys: the only client authentication accepted is `private_key_jwt` (RFC 7523), an
   * assertion signed with one of them (the signing key's, or a retiring one's while it is rotated out).
   */
  clientJwks: object[];
  redirectUri: string;
  postLogoutRedirectUri: string;
  serviceName: string;
  /** Behind a TLS-terminating proxy the provider builds its URLs from X-Forwarded-Proto and Host. */
  trustProxy: boolean;
}

export async function mountLocalIdentityProvider(
  app: FastifyInstance,
  options: LocalProviderOptions,
): Promise<void> {
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: { keys: options.clientJwks as never[] },
      },
    ],
    // As GOV.UK One Login: a client assertion signed with the service's private key, nothing else.
    clientAuthMethods: ['private_key_jwt'],
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'email', 'phone', 'disclosure'],
    claims: {
      openid: ['sub'],
      profile: ['given_name', 'family_name', 'birthdate'],
      email: ['email'],
      phone: ['phone_number'],
      disclosure: ['roles', 'assurance_level', 'countersignatory_code'],
    },
    // Every granted claim goes into the ID token, so the relying party needs no extra userinfo round trip.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => {
      const persona = personaForAccount(sub);
      if (!persona) return undefined;
      return { accountId: sub, claims: async () => claimsFor(persona, sub) };
    },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // A signing key of this process's own: tokens of a stand-in need not outlive a restart.
    jwks: {
      keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })],
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = localPage(
            options.serviceName,
            'Signing you out',
            `<h1 class="govuk-heading-l">Signing you out</h1>
             ${form}
             <button type="submit" form="op.logoutForm" name="logout" value="yes" class="govuk-button" data-module="govuk-button" data-auto-submit>Continue</button>`,
          );
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = localPage(
            options.serviceName,
            'Signed out',
            `<h1 class="govuk-heading-l">You have signed out</h1>`,
          );
        },
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = localPage(
        options.serviceName,
        'Sign-in problem',
        `<h1 class="govuk-heading-l">There is a problem signing you in</h1>
         <p class="govuk-body">${escapeHtml(String(out.error_description ?? out.error ?? 'Unknown error'))}</p>`,
      );
    },
    interactions: { url: (_ctx, interaction) => `${LOCAL_IDP_PREFIX}/interaction/${interaction.uid}` },
    ttl: {
      Session: 4 * 60 * 60,
      Interaction: 60 * 60,
      Grant: 4 * 60 * 60,
      IdToken: 60 * 60,
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
    },
  };
  const provider = new Provider(options.issuer, configuration);
  provider.proxy = options.trustProxy;

  const forward = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as typeof request.raw & { originalUrl?: string; body?: unknown };
    raw.originalUrl = raw.url;
    // Fastify has already read the body; the provider takes the parsed one.
    if (request.body !== undefined) raw.body = request.body;
    raw.url = (raw.url ?? '/').slice(LOCAL_IDP_PREFIX.length) || '/';
    // The provider answers on the raw response itself and handles its own errors.
    void provider.callback()(raw, reply.raw);
  };

  // The sign-in page: one button per persona, and a form to make a custom one.
  app.get(
    `${LOCAL_IDP_PREFIX}/interaction/:uid`,
    { config: { access: 'public' } },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.prompt.name === 'consent') {
        return finishConsent(provider, request, reply, details);
      }
      const { uid } = request.params as { uid: string };
      return reply.type('text/html').send(signInPage(options.serviceName, uid));
    },
  );

  app.post(
    `${LOCAL_IDP_PREFIX}/interaction/:uid/login`,
    { config: { access: 'public', formPost: true } },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, string>;
      let accountId: string | undefined;
      if (body.persona) {
        accountId = findPersona(body.persona)?.id;
      } else {
        const parsed = customPersonaSchema.safeParse({
          ...body,
          organisation: body.organisation || undefined,
        });
        if (!parsed.success) {
          const { uid } = request.params as { uid: string };
          return reply
            .status(400)
            .type('text/html')
            .send(signInPage(options.serviceName, uid, Object.keys(parsed.error.flatten().fieldErrors)));
        }
        accountId = encodeCustom(customPersona(parsed.data));
      }
      if (!accountId) return reply.status(400).type('text/html').send('Unknown persona');
      await finishInteraction(provider, request, reply, { login: { accountId } }, false);
    },
  );

  // The provider's protocol endpoints guard themselves: client authentication at the token endpoint,
  // its own anti-forgery token on the sign-out form.
  app.route({
    method: ['GET', 'POST'],
    url: `${LOCAL_IDP_PREFIX}/*`,
    config: { access: 'service' },
    handler: forward,
  });
}

async function finishConsent(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  details: Awaited<ReturnType<Provider['interactionDetails']>>,
): Promise<void> {
  const { prompt, params, session } = details;
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId: session?.accountId ?? '', clientId: String(params.client_id) });
  if (!grant) throw new Error('Grant not found');
  const missingScope = prompt.details.missingOIDCScope as string[] | undefined;
  if (missingScope) grant.addOIDCScope(missingScope.join(' '));
  const missingClaims = prompt.details.missingOIDCClaims as string[] | undefined;
  if (missingClaims) grant.addOIDCClaims(missingClaims);
  const grantId = await grant.save();
  await finishInteraction(provider, request, reply, { consent: { grantId } }, true);
}

/** Hands an interaction's outcome to the provider, which answers the browser itself (so Fastify no longer does). */
async function finishInteraction(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  result: Parameters<Provider['interactionFinished']>[2],
  mergeWithLastSubmission: boolean,
): Promise<void> {
  reply.hijack();
  await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission });
}

function signInPage(serviceName: string, uid: string, errors: string[] = []): string {
  const action = `${LOCAL_IDP_PREFIX}/interaction/${encodeURIComponent(uid)}/login`;
  const buttons = PERSONAS.map(
    (p) => `
      <li class="govuk-!-margin-bottom-4">
        <form method="post" action="${action}">
          <input type="hidden" name="persona" value="${p.id}">
          <button type="submit" class="govuk-button govuk-!-margin-bottom-1" data-module="govuk-button">Sign in as ${p.id}</button>
          <p class="govuk-body-s govuk-!-margin-bottom-0">${escapeHtml(`${p.givenName} ${p.familyName}: ${p.description}`)}</p>
        </form>
      </li>`,
  ).join('');
  const errorSummary = localErrorSummary(
    errors.map((f) => ({ text: `Check the ${f} field`, href: `#custom-${f}` })),
  );
  const option = (value: string, label = value) => `<option value="${value}">${escapeHtml(label)}</option>`;
  return localPage(
    serviceName,
    'Sign in to your identity account (local stand-in)',
    `${errorSummary}
    <span class="govuk-caption-l">Local identity provider</span>
    <h1 class="govuk-heading-l">Choose who to sign in as</h1>
    <p class="govuk-body">This page stands in for the national identity service on a local machine. Every person here is made up.</p>
    <ul class="govuk-list">${buttons}</ul>
    <h2 class="govuk-heading-m">Make a custom persona</h2>
    <form method="post" action="${action}" novalidate>
      <div class="govuk-form-group"><label class="govuk-label" for="custom-givenName">First name</label>
        <input class="govuk-input govuk-!-width-one-half" id="custom-givenName" name="givenName" type="text" autocomplete="off"></div>
      <div class="govuk-form-group"><label class="govuk-label" for="custom-familyName">Last name</label>
        <input class="govuk-input govuk-!-width-one-half" id="custom-familyName" name="familyName" type="text" autocomplete="off"></div>
      <div class="govuk-form-group"><label class="govuk-label" for="custom-birthdate">Date of birth</label>
        <div class="govuk-hint" id="custom-birthdate-hint">As YYYY-MM-DD, for example 1990-04-12</div>
        <input class="govuk-input govuk-input--width-10" id="custom-birthdate" name="birthdate" type="text" aria-describedby="custom-birthdate-hint"></div>
      <div class="govuk-form-group"><label class="govuk-label" for="custom-role">Role</label>
        <select class="govuk-select" id="custom-role" name="role">
          ${['APPLICANT', 'APPLICATION_ONLY', 'APPLICANT_BASIC', 'CSG', 'LEVEL1_CSG'].map((r) => option(r)).join('')}
        </select></div>
      <div class="govuk-form-group"><label class="govuk-label" for="custom-assuranceLevel">Identity assurance level</label>
        <select class="govuk-select" id="custom-assuranceLevel" name="assuranceLevel">
          ${ASSURANCE_LEVELS.map((l) => option(l)).join('')}
        </select></div>
      <div class="govuk-form-group"><label class="govuk-label" for="custom-organisation">Organisation (countersignatories only)</label>
        <select class="govuk-select" id="custom-organisation" name="organisation">
          ${option('', 'None')}${option('A', 'Organisation A')}${option('B', 'Organisation B')}
        </select></div>
      <button type="submit" class="govuk-button govuk-button--secondary" data-module="govuk-button">Sign in as custom persona</button>
    </form>`,
  );
}
