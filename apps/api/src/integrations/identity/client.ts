import * as oidc from 'openid-client';
import type { ClientKeys } from './client-key';

/** What the service needs from an identity provider, whichever one is configured. */
export interface IdentityClaims {
  sub: string;
  givenName: string;
  familyName: string;
  birthdate: string | null;
  email: string | null;
  phone: string | null;
  roles: string[];
  assuranceLevel: string;
  countersignatoryCode: string | null;
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface IdentityClient {
  startSignIn(): Promise<AuthorizationRequest>;
  finishSignIn(
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<{ claims: IdentityClaims; idToken: string }>;
  /**
   * The provider's end-session URL: client_id, post_logout_redirect_uri and state, and with `idToken` the
   * id_token_hint the provider needs to honour the return address. A URL with the hint is only ever sent as the
   * server's own 303 redirect (POST /oauth2/logout), never in an answer a script can read.
   */
  endSessionUrl(reason: string, idToken?: string): Promise<string>;
}

/**
 * The scopes asked for, each for claims the service uses: profile for the name and date of birth (accounts, the
 * linking match, prepopulated personal details), email and phone for prepopulated contact details, disclosure
 * for roles, assurance level and countersignatory code. Nothing else is mapped from the token.
 */
export const REQUESTED_SCOPES = 'openid profile email phone disclosure';

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  /**
   * Client authentication at the token endpoint: `private_key_jwt` with the service's signing key (decision 0040),
   * or a shared secret (`client_secret_basic`) for a provider that needs one.
   */
  clientAuth:
    { method: 'private_key_jwt'; keys: ClientKeys } | { method: 'client_secret_basic'; secret: string };
  redirectUri: string;
  postLogoutRedirectUri: string;
  allowInsecure: boolean;
  /** Lets tests route the client's calls through the in-process server. */
  fetch?: oidc.CustomFetch;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** An OpenID Connect relying party (authorization code, PKCE, state and nonce) over openid-client. */
export function createOidcClient(options: OidcClientOptions): IdentityClient {
  let configuration: Promise<oidc.Configuration> | undefined;
  /** The token endpoint, once discovered: the audience of each client assertion (as GOV.UK One Login requires). */
  let tokenEndpoint: string | undefined;
  const clientAuthentication =
    options.clientAuth.method === 'private_key_jwt'
      ? oidc.PrivateKeyJwt(
          { key: options.clientAuth.keys.signing.key, kid: options.clientAuth.keys.signing.kid },
          {
            [oidc.modifyAssertion]: (_header, payload) => {
              if (tokenEndpoint) payload.aud = tokenEndpoint;
            },
          },
        )
      : oidc.ClientSecretBasic(options.clientAuth.secret);
  // Discovery is lazy: the local provider lives on this same server, which is not listening yet at start.
  const config = () => {
    configuration ??= oidc
      .discovery(new URL(options.issuer), options.clientId, undefined, clientAuthentication, {
        ...(options.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        ...(options.fetch ? { [oidc.customFetch]: options.fetch } : {}),
      })
      .then((c) => {
        if (options.fetch) c[oidc.customFetch] = options.fetch;
        tokenEndpoint = c.serverMetadata().token_endpoint;
        return c;
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    async startSignIn() {
      const cfg = await config();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: options.redirectUri,
        scope: REQUESTED_SCOPES,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    async finishSignIn(callbackUrl, expected) {
      const cfg = await config();
      const tokens = await oidc.authorizationCodeGrant(cfg, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const c = tokens.claims();
      if (!c || !tokens.id_token) throw new Error('The identity provider returned no ID token');
      const roles = Array.isArray(c.roles) ? c.roles.filter((r): r is string => typeof r === 'string') : [];
      // The ID token goes back to the provider as the sign-out's id_token_hint; the caller keeps it in the
      // server-side session only.
      return {
        idToken: tokens.id_token,
        claims: {
          sub: c.sub,
          givenName: text(c.given_name) ?? '',
          familyName: text(c.family_name) ?? '',
          birthdate: text(c.birthdate),
          email: text(c.email),
          phone: text(c.phone_number),
          roles: roles.map((r) => r.replace(/^\//, '')),
          assuranceLevel: text(c.assurance_level) ?? 'NO_ASSURANCE',
          countersignatoryCode: text(c.countersignatory_code),
        },
      };
    },

    async endSessionUrl(reason, idToken) {
      const cfg = await config();
      const redirect = new URL(options.postLogoutRedirectUri);
      redirect.searchParams.set('state', reason);
      if (!cfg.serverMetadata().end_session_endpoint) return redirect.href;
      return oidc.buildEndSessionUrl(cfg, {
        client_id: options.clientId,
        post_logout_redirect_uri: options.postLogoutRedirectUri,
        state: reason,
        ...(idToken ? { id_token_hint: idToken } : {}),
      }).href;
    },
  };
}
