import * as oidc from 'openid-client';

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
  ): Promise<{ claims: IdentityClaims }>;
  /**
   * The provider's end-session URL: client_id, post_logout_redirect_uri and state only. No id_token_hint, so the
   * ID token (name, date of birth, email, phone) never reaches the browser.
   */
  endSessionUrl(reason: string): Promise<string>;
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
  clientSecret: string;
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
  // Discovery is lazy: the local provider lives on this same server, which is not listening yet at start.
  const config = () => {
    configuration ??= oidc
      .discovery(
        new URL(options.issuer),
        options.clientId,
        undefined,
        oidc.ClientSecretBasic(options.clientSecret),
        {
          ...(options.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : {}),
          ...(options.fetch ? { [oidc.customFetch]: options.fetch } : {}),
        },
      )
      .then((c) => {
        if (options.fetch) c[oidc.customFetch] = options.fetch;
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
      // The ID token itself is not kept: sign-out needs only the client id.
      return {
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

    async endSessionUrl(reason) {
      const cfg = await config();
      const redirect = new URL(options.postLogoutRedirectUri);
      redirect.searchParams.set('state', reason);
      if (!cfg.serverMetadata().end_session_endpoint) return redirect.href;
      return oidc.buildEndSessionUrl(cfg, {
        client_id: options.clientId,
        post_logout_redirect_uri: options.postLogoutRedirectUri,
        state: reason,
      }).href;
    },
  };
}
