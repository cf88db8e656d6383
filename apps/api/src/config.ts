import { DEFAULT_SERVICE_NAME, type FeatureFlags } from '@dis/domain';
import { checkConfig, DEV_SESSION_SECRET } from './config/checks';
import {
  LOOPBACK_NETWORKS,
  METRICS_PRIVATE_NETWORKS,
  parseMetricsAllow,
  parseTrustProxy,
  type TrustProxy,
} from './config/network';
import { readNotifyTemplates, type NotifyTemplateSettings } from './config/notify';
import { bool, int, type Env } from './config/read';

export {
  isPublicInterface,
  parseMetricsAllow,
  parseTrustProxy,
  proxyExposureWarning,
  LOOPBACK_NETWORKS,
  METRICS_PRIVATE_NETWORKS,
  type TrustProxy,
} from './config/network';
export type { NotifyTemplateSettings } from './config/notify';

// Every setting comes from the environment, read here once and checked at start.
// Defaults run the whole service on one machine: embedded database, local stand-ins for every outside service.

export interface Config extends NotifyTemplateSettings {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** Where people reach the service; also the origin that state-changing calls must come from. */
  publicUrl: string;
  serviceName: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  sessionSecret: string;
  localServices: boolean;
  oidc: {
    issuer: string;
    clientId: string;
    /**
     * How the service authenticates at the provider's token endpoint: `private_key_jwt` (the default, and the only
     * one the local provider accepts: a client assertion signed with `privateKey`), or `client_secret_basic`.
     */
    clientAuth: OidcClientAuth;
    /** The client secret of `client_secret_basic` only. */
    clientSecret: string;
    /**
     * PEM (PKCS#8) of the key that signs client assertions (RSA or EC P-256); unset outside production: a
     * development key kept in the data directory (integrations/identity/client-key.ts). Required in production.
     */
    privateKey: string | undefined;
    /** The signing key's id (`kid`); unset: its RFC 7638 thumbprint. */
    keyId: string | undefined;
    /** Rotation: the public key (PEM) of the key being retired, still accepted by the provider, and its id. */
    retiringPublicKey: string | undefined;
    retiringKeyId: string | undefined;
    /** openid-client refuses plain http unless allowed; allowed only for the local provider. */
    allowInsecure: boolean;
  };
  features: FeatureFlags;
  /** Where a lead countersignatory's corrected organisation details are emailed. */
  disclosureBodyEmail: string;
  logLevel: string;
  webDist: string | undefined;
  signInRateLimitPerMinute: number;
  /** Organisation list pages kept by version (platform/list-cache); 0 turns keeping them off. */
  listCacheEntries: number;
  jobPollMs: number;
  /**
   * Which X-Forwarded-* hops to believe: false (none), a hop count (the nearest N proxies) or the proxies'
   * addresses. Never "every hop", which would let a client choose its own address (and dodge the rate limits).
   */
  trustProxy: TrustProxy;
  /** State-changing calls allowed per account (or per client when signed out) per route per minute. */
  writeRateLimitPerMinute: number;
  /** Checks of a result (/check-a-result) per client address per minute, and per check code per hour. */
  checkRateLimitPerMinute: number;
  checkCodeRateLimitPerHour: number;
  /** Content-Security-Policy reports kept per client per minute. */
  cspReportRateLimitPerMinute: number;
  /** Serve the web app's source maps (never in production). */
  serveSourceMaps: boolean;
  /**
   * Outside services (card payments, email and SMS, address lookup); with LOCAL_SERVICES on the local stand-ins
   * answer instead.
   */
  osPlacesApiKey: string | undefined;
  govUkPayApiKey: string | undefined;
  govUkPayUrl: string;
  notifyApiKey: string | undefined;
  /** The survey service feedback is posted to; unset: feedback is stored locally. */
  feedbackUrl: string | undefined;
  /**
   * AES-256-GCM key of the results' criminal-record content (32 bytes, base64 or hex) and its id, stored with
   * each row so keys can be rotated. A development default locally; required in production.
   */
  resultsEncryptionKey: Buffer;
  resultsEncryptionKeyId: string;
  /**
   * Ed25519 key that signs results (decision 0051): PKCS#8 PEM or a private JWK (JSON), and its id (`kid`; unset:
   * its RFC 7638 thumbprint). Unset outside production: a development key kept in the data directory. Required
   * in production.
   */
  resultSigningKey: string | undefined;
  resultSigningKeyId: string | undefined;
  /**
   * Rotation: the public keys (a JSON array of JWKs, each with its `kid`) of earlier signing keys, still
   * published at /.well-known/jwks.json so the results they signed still verify.
   */
  resultSigningPublishedKeys: string | undefined;
  /** Bearer token of the casework API (/internal/casework/*). A development default locally; required in production. */
  caseworkApiToken: string;
  /** clamd for CSV uploads; unset with LOCAL_SERVICES on: a local stand-in on a free port. */
  clamdHost: string | undefined;
  clamdPort: number;
  /**
   * The bearer token Notify's delivery callbacks carry (set as the callback's token in Notify). Unset: every
   * callback is refused. A development default with LOCAL_SERVICES on; required in production.
   */
  notifyCallbackToken: string | undefined;
  /**
   * Who may read /metrics (platform/metrics.ts): false (nobody), or the callers' addresses and networks. Default:
   * this machine, and in production the private networks too (the scraper beside the proxy, never the public).
   */
  metricsAllow: false | string[];
  /**
   * Graceful stop (platform/lifecycle.ts): how long /readyz answers 503 before the listener closes, so the proxy's
   * health check has taken the instance out first; and how long a running job may take to finish after that
   * before its lease is given back for another instance to take.
   */
  shutdownDrainMs: number;
  shutdownJobGraceMs: number;
  /**
   * The shared stand-ins process (`npm run stand-ins`) with LOCAL_SERVICES on: this instance mounts no /local/*
   * pages of its own, signs in against the stand-ins' identity provider and scans with their clamd, so that any
   * number of instances share one of each.
   */
  standInsUrl: string | undefined;
  /** Where traces go (OTLP over HTTP); unset, tracing is off and costs nothing (platform/tracing.ts). */
  otlpTracesEndpoint: string | undefined;
}

export const OIDC_CLIENT_AUTH_METHODS = ['private_key_jwt', 'client_secret_basic'] as const;
export type OidcClientAuth = (typeof OIDC_CLIENT_AUTH_METHODS)[number];

/** Cookies carry Secure (and the __Host- prefix where used) when the service is reached over https. */
export function usesSecureCookies(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}

function oidcClientAuth(value: string | undefined): OidcClientAuth {
  if (value === undefined || value === '') return 'private_key_jwt';
  if ((OIDC_CLIENT_AUTH_METHODS as readonly string[]).includes(value)) return value as OidcClientAuth;
  throw new Error(`OIDC_CLIENT_AUTH must be ${OIDC_CLIENT_AUTH_METHODS.join(' or ')}, got "${value}"`);
}

/** Environment variable names of the feature flags of spec section 6, with their defaults. */
export const FEATURE_FLAG_VARIABLES: Record<keyof FeatureFlags, [string, boolean]> = {
  level1Organisation: ['FEATURE_LEVEL1_ORGANISATION', true],
  prepopulatePersonalDetails: ['FEATURE_PREPOPULATE_PERSONAL_DETAILS', true],
  pvgConfirmationJoin: ['FEATURE_PVG_CONFIRMATION_JOIN', true],
  pvgConfirmationExisting: ['FEATURE_PVG_CONFIRMATION_EXISTING', true],
  enhancedDashboardOrganisation: ['FEATURE_ENHANCED_DASHBOARD_ORGANISATION', true],
  enhancedDashboardApplicant: ['FEATURE_ENHANCED_DASHBOARD_APPLICANT', true],
  b2bBatchUpload: ['FEATURE_B2B_BATCH_UPLOAD', true],
  csgCodeFilter: ['FEATURE_CSG_CODE_FILTER', false],
};

/** Development defaults only: production refuses to start with them. */
export const DEV_RESULTS_ENCRYPTION_KEY = 'bG9jYWwtcmVzdWx0cy1rZXktbm90LWZvci1wcm9kdWM=';
export const DEV_CASEWORK_API_TOKEN = 'local-casework-token-not-for-production';
export const DEV_NOTIFY_CALLBACK_TOKEN = 'local-notify-callback-token-not-for-production';

function encryptionKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('RESULTS_ENCRYPTION_KEY must be 32 bytes, base64 or hex');
  return key;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = int('PORT', env.PORT, 3000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const localServices = bool(env.LOCAL_SERVICES, nodeEnv !== 'production');
  // The local identity provider: mounted on this server, or in the shared stand-ins process (STAND_INS_URL).
  const standIns = localServices && env.STAND_INS_URL ? env.STAND_INS_URL.replace(/\/$/, '') : undefined;
  const issuer = (env.OIDC_ISSUER ?? `${standIns ?? publicUrl}/local/idp`).replace(/\/$/, '');
  const features = Object.fromEntries(
    Object.entries(FEATURE_FLAG_VARIABLES).map(([key, [name, fallback]]) => [key, bool(env[name], fallback)]),
  ) as unknown as FeatureFlags;

  const config: Config = {
    env: nodeEnv,
    port,
    // With the local stand-ins on (a developer's machine) only this machine can reach the service.
    host: env.HOST ?? (localServices ? '127.0.0.1' : '0.0.0.0'),
    publicUrl,
    serviceName: env.SERVICE_NAME ?? DEFAULT_SERVICE_NAME,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? './data',
    redisUrl: env.REDIS_URL || undefined,
    sessionSecret: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    localServices,
    oidc: {
      issuer,
      clientId: env.OIDC_CLIENT_ID ?? 'disclosure-account-local',
      clientAuth: oidcClientAuth(env.OIDC_CLIENT_AUTH),
      clientSecret: env.OIDC_CLIENT_SECRET ?? 'local-client-secret-not-for-production',
      privateKey: env.OIDC_PRIVATE_KEY || undefined,
      keyId: env.OIDC_KEY_ID || undefined,
      retiringPublicKey: env.OIDC_RETIRING_PUBLIC_KEY || undefined,
      retiringKeyId: env.OIDC_RETIRING_KEY_ID || undefined,
      allowInsecure: localServices && issuer.startsWith('http://'),
    },
    features,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    webDist: env.WEB_DIST,
    signInRateLimitPerMinute: int('SIGN_IN_RATE_LIMIT_PER_MINUTE', env.SIGN_IN_RATE_LIMIT_PER_MINUTE, 30),
    listCacheEntries: int('LIST_CACHE_ENTRIES', env.LIST_CACHE_ENTRIES, 500),
    jobPollMs: int('JOB_POLL_MS', env.JOB_POLL_MS, 5000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY, nodeEnv === 'production' ? 1 : false),
    writeRateLimitPerMinute: int('WRITE_RATE_LIMIT_PER_MINUTE', env.WRITE_RATE_LIMIT_PER_MINUTE, 120),
    checkRateLimitPerMinute: int('CHECK_RATE_LIMIT_PER_MINUTE', env.CHECK_RATE_LIMIT_PER_MINUTE, 10),
    checkCodeRateLimitPerHour: int('CHECK_CODE_RATE_LIMIT_PER_HOUR', env.CHECK_CODE_RATE_LIMIT_PER_HOUR, 10),
    cspReportRateLimitPerMinute: int(
      'CSP_REPORT_RATE_LIMIT_PER_MINUTE',
      env.CSP_REPORT_RATE_LIMIT_PER_MINUTE,
      30,
    ),
    serveSourceMaps: nodeEnv !== 'production',
    osPlacesApiKey: env.OS_PLACES_API_KEY || undefined,
    govUkPayApiKey: env.GOVUK_PAY_API_KEY || undefined,
    govUkPayUrl: (env.GOVUK_PAY_URL ?? 'https://publicapi.payments.service.gov.uk').replace(/\/$/, ''),
    notifyApiKey: env.NOTIFY_API_KEY || undefined,
    ...readNotifyTemplates(env),
    feedbackUrl: env.FEEDBACK_URL || undefined,
    resultsEncryptionKey: encryptionKey(env.RESULTS_ENCRYPTION_KEY || DEV_RESULTS_ENCRYPTION_KEY),
    resultsEncryptionKeyId: env.RESULTS_ENCRYPTION_KEY_ID || (env.RESULTS_ENCRYPTION_KEY ? 'k1' : 'dev'),
    caseworkApiToken: env.CASEWORK_API_TOKEN || DEV_CASEWORK_API_TOKEN,
    resultSigningKey: env.RESULT_SIGNING_KEY || undefined,
    resultSigningKeyId: env.RESULT_SIGNING_KEY_ID || undefined,
    resultSigningPublishedKeys: env.RESULT_SIGNING_PUBLISHED_KEYS || undefined,
    clamdHost: env.CLAMD_HOST || undefined,
    clamdPort: int('CLAMD_PORT', env.CLAMD_PORT, 3310),
    disclosureBodyEmail: env.DISCLOSURE_BODY_EMAIL ?? 'registrations@disclosure-body.example.gov.uk',
    notifyCallbackToken: env.NOTIFY_CALLBACK_TOKEN || (localServices ? DEV_NOTIFY_CALLBACK_TOKEN : undefined),
    metricsAllow: parseMetricsAllow(
      env.METRICS_ALLOW,
      nodeEnv === 'production' ? [...LOOPBACK_NETWORKS, ...METRICS_PRIVATE_NETWORKS] : LOOPBACK_NETWORKS,
    ),
    shutdownDrainMs: int('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, nodeEnv === 'production' ? 10_000 : 0),
    shutdownJobGraceMs: int('SHUTDOWN_JOB_GRACE_MS', env.SHUTDOWN_JOB_GRACE_MS, 20_000),
    standInsUrl: standIns,
    otlpTracesEndpoint:
      env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ||
      (env.OTEL_EXPORTER_OTLP_ENDPOINT
        ? `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`
        : undefined),
  };
  checkConfig(config, env);
  return config;
}
