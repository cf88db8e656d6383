import { BlockList, isIP } from 'node:net';
import { DEFAULT_SERVICE_NAME, type FeatureFlags } from '@dis/domain';
import { readPem } from './integrations/identity/client-key';

// Every setting comes from the environment, read here once and checked at start.
// Defaults run the whole service on one machine: embedded database, local stand-ins for every outside service.

export interface Config {
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
  /** GOV.UK Notify template of the hand-over email (text in integrations/notify/templates.ts). */
  notifyHandoverTemplateId: string;
  /** The survey service feedback is posted to; unset: feedback is stored locally. */
  feedbackUrl: string | undefined;
  /** Notify templates of the "your result is ready" and "review decision" emails. */
  notifyResultReadyTemplateId: string;
  notifyReviewDecisionTemplateId: string;
  notifyOneTimeCodeTemplateId: string;
  /** Notify template of the email that carries a recipient's shared-result link. */
  notifySharedLinkTemplateId: string;
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
  /** Where a lead countersignatory's corrected organisation details are emailed, and its Notify template. */
  disclosureBodyEmail: string;
  notifyOrganisationReportTemplateId: string;
  /** Notify template of the email when an unverified Level 1 is cancelled for missing identity documents (0055). */
  notifyIdentityDocumentsCancelledTemplateId: string;
  /** Notify templates of the reminders (decision 0041), by the outbox's name of each. */
  notifyReminderTemplateIds: {
    handover: string;
    draft: string;
    resultUnviewed: string;
    viewingEnds: string;
    shareWindow: string;
    appeal: string;
    countersignatory: string;
  };
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

type Env = Record<string, string | undefined>;

export const OIDC_CLIENT_AUTH_METHODS = ['private_key_jwt', 'client_secret_basic'] as const;
export type OidcClientAuth = (typeof OIDC_CLIENT_AUTH_METHODS)[number];

export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY: a hop count ("1"), the proxies' addresses or networks ("10.0.0.1,10.0.1.0/24"), or "false".
 * "true" (trust every hop) is refused: a made-up X-Forwarded-For would then choose the client's address.
 */
/** Cookies carry Secure (and the __Host- prefix where used) when the service is reached over https. */
export function usesSecureCookies(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}

export function parseTrustProxy(value: string | undefined, fallback: TrustProxy): TrustProxy {
  if (value === undefined || value.trim() === '') return fallback;
  const text = value.trim();
  if (/^(0|false|no|off)$/i.test(text)) return false;
  if (/^(true|yes|on)$/i.test(text))
    throw new Error('TRUST_PROXY must be a hop count or the proxy addresses, not "true" (every hop)');
  if (/^\d+$/.test(text)) return Number(text);
  const addresses = text.split(',').map((part) => part.trim());
  const valid = (entry: string) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    return isIP(address) !== 0 && rest.length === 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix));
  };
  if (!addresses.every(valid))
    throw new Error(`TRUST_PROXY must be a hop count or IP addresses/networks, got "${value}"`);
  return addresses;
}

/** Addresses only this machine or a private network can reach: loopback, RFC 1918, unique-local, link-local. */
const PRIVATE_NETWORKS = (() => {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addSubnet('10.0.0.0', 8, 'ipv4');
  list.addSubnet('172.16.0.0', 12, 'ipv4');
  list.addSubnet('192.168.0.0', 16, 'ipv4');
  list.addSubnet('169.254.0.0', 16, 'ipv4');
  list.addAddress('::1', 'ipv6');
  list.addSubnet('fc00::', 7, 'ipv6');
  list.addSubnet('fe80::', 10, 'ipv6');
  return list;
})();

/** Whether listening on `host` may expose the port beyond this machine and its private network. */
export function isPublicInterface(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '');
  if (address === 'localhost') return false;
  const family = isIP(address);
  // A name other than localhost, or the wildcard addresses, may be any interface.
  if (family === 0 || address === '0.0.0.0' || address === '::') return true;
  return !PRIVATE_NETWORKS.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The start-up warning of a production server that believes X-Forwarded-For (TRUST_PROXY) while listening on a
 * public interface: anyone who reaches the port directly can then choose the address the per-IP limits see.
 * The app port must be reachable only through the proxy (docs/security.md, README configuration).
 */
export function proxyExposureWarning(
  config: Pick<Config, 'env' | 'trustProxy' | 'host'>,
): string | undefined {
  if (config.env !== 'production' || config.trustProxy === false) return undefined;
  if (!isPublicInterface(config.host)) return undefined;
  return `TRUST_PROXY is set and the server listens on ${config.host}, a public interface: per-IP limits trust the X-Forwarded-For of the configured proxy hops, so the app port must be reachable only through the proxy (set HOST to a private address, or firewall the port)`;
}

function oidcClientAuth(value: string | undefined): OidcClientAuth {
  if (value === undefined || value === '') return 'private_key_jwt';
  if ((OIDC_CLIENT_AUTH_METHODS as readonly string[]).includes(value)) return value as OidcClientAuth;
  throw new Error(`OIDC_CLIENT_AUTH must be ${OIDC_CLIENT_AUTH_METHODS.join(' or ')}, got "${value}"`);
}

/** Loopback, and the private networks an operator's scraper sits in. */
export const LOOPBACK_NETWORKS = ['127.0.0.0/8', '::1'];
export const METRICS_PRIVATE_NETWORKS = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'];

function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  return isIP(address) !== 0 && rest.length === 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix));
}

/** METRICS_ALLOW: "off", or addresses and networks ("127.0.0.1,10.0.0.0/8"). */
export function parseMetricsAllow(value: string | undefined, fallback: false | string[]): false | string[] {
  if (value === undefined || value.trim() === '') return fallback;
  if (/^(0|false|no|off)$/i.test(value.trim())) return false;
  const entries = value.split(',').map((part) => part.trim());
  if (!entries.every(isAddressOrNetwork))
    throw new Error(`METRICS_ALLOW must be "off" or IP addresses/networks, got "${value}"`);
  return entries;
}

const bool = (value: string | undefined, fallback: boolean): boolean => {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new Error(`Expected a boolean, got "${value}"`);
};

const int = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
};

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

const DEV_SESSION_SECRET = 'local-development-session-secret-not-for-production';
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
    notifyHandoverTemplateId: env.NOTIFY_TEMPLATE_HANDOVER ?? 'local-template-organisation-handover',
    feedbackUrl: env.FEEDBACK_URL || undefined,
    notifyResultReadyTemplateId: env.NOTIFY_TEMPLATE_RESULT_READY ?? 'local-template-result-ready',
    notifyReviewDecisionTemplateId: env.NOTIFY_TEMPLATE_REVIEW_DECISION ?? 'local-template-review-decision',
    notifyOneTimeCodeTemplateId: env.NOTIFY_TEMPLATE_ONE_TIME_CODE ?? 'local-template-one-time-code',
    notifySharedLinkTemplateId: env.NOTIFY_TEMPLATE_SHARED_LINK ?? 'local-template-shared-link',
    resultsEncryptionKey: encryptionKey(env.RESULTS_ENCRYPTION_KEY || DEV_RESULTS_ENCRYPTION_KEY),
    resultsEncryptionKeyId: env.RESULTS_ENCRYPTION_KEY_ID || (env.RESULTS_ENCRYPTION_KEY ? 'k1' : 'dev'),
    caseworkApiToken: env.CASEWORK_API_TOKEN || DEV_CASEWORK_API_TOKEN,
    resultSigningKey: env.RESULT_SIGNING_KEY || undefined,
    resultSigningKeyId: env.RESULT_SIGNING_KEY_ID || undefined,
    resultSigningPublishedKeys: env.RESULT_SIGNING_PUBLISHED_KEYS || undefined,
    clamdHost: env.CLAMD_HOST || undefined,
    clamdPort: int('CLAMD_PORT', env.CLAMD_PORT, 3310),
    disclosureBodyEmail: env.DISCLOSURE_BODY_EMAIL ?? 'registrations@disclosure-body.example.gov.uk',
    notifyOrganisationReportTemplateId:
      env.NOTIFY_TEMPLATE_ORGANISATION_REPORT ?? 'local-template-organisation-details-report',
    notifyIdentityDocumentsCancelledTemplateId:
      env.NOTIFY_TEMPLATE_IDENTITY_DOCUMENTS_CANCELLED ?? 'local-template-identity-documents-cancelled',
    notifyReminderTemplateIds: {
      handover: env.NOTIFY_TEMPLATE_REMINDER_HANDOVER ?? 'local-template-reminder-handover',
      draft: env.NOTIFY_TEMPLATE_REMINDER_DRAFT ?? 'local-template-reminder-draft',
      resultUnviewed:
        env.NOTIFY_TEMPLATE_REMINDER_RESULT_UNVIEWED ?? 'local-template-reminder-result-unviewed',
      viewingEnds: env.NOTIFY_TEMPLATE_REMINDER_VIEWING_ENDS ?? 'local-template-reminder-viewing-ends',
      shareWindow: env.NOTIFY_TEMPLATE_REMINDER_SHARE_WINDOW ?? 'local-template-reminder-share-window',
      appeal: env.NOTIFY_TEMPLATE_REMINDER_APPEAL ?? 'local-template-reminder-appeal',
      countersignatory:
        env.NOTIFY_TEMPLATE_REMINDER_COUNTERSIGNATORY ?? 'local-template-reminder-countersignatory',
    },
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
  if (config.caseworkApiToken.length < 24)
    throw new Error('CASEWORK_API_TOKEN must be at least 24 characters');

  // The keys are read now, so a key that is not one stops the start rather than the first sign-in.
  if (config.oidc.privateKey) readPem(config.oidc.privateKey, 'private');
  if (config.oidc.retiringPublicKey) readPem(config.oidc.retiringPublicKey, 'public');
  if (config.localServices && config.oidc.clientAuth !== 'private_key_jwt')
    throw new Error('The local identity provider accepts only OIDC_CLIENT_AUTH=private_key_jwt');
  if (config.sessionSecret.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters');
  if (nodeEnv === 'production') {
    if (config.sessionSecret === DEV_SESSION_SECRET)
      throw new Error('SESSION_SECRET must be set in production');
    if (!env.RESULTS_ENCRYPTION_KEY || !env.CASEWORK_API_TOKEN)
      throw new Error('RESULTS_ENCRYPTION_KEY and CASEWORK_API_TOKEN must be set in production');
    if (!env.NOTIFY_TEMPLATE_RESULT_READY || !env.NOTIFY_TEMPLATE_REVIEW_DECISION)
      throw new Error(
        'NOTIFY_TEMPLATE_RESULT_READY and NOTIFY_TEMPLATE_REVIEW_DECISION must be set in production',
      );
    if (config.localServices) throw new Error('LOCAL_SERVICES must be off in production');
    if (!env.NOTIFY_CALLBACK_TOKEN || env.NOTIFY_CALLBACK_TOKEN.length < 24)
      throw new Error('NOTIFY_CALLBACK_TOKEN must be set in production (at least 24 characters)');
    if (!config.databaseUrl) throw new Error('DATABASE_URL must be set in production');
    if (!config.publicUrl.startsWith('https://')) throw new Error('PUBLIC_URL must be https in production');
    if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID)
      throw new Error('OIDC_ISSUER and OIDC_CLIENT_ID must be set in production');
    if (config.oidc.clientAuth === 'private_key_jwt' && !config.oidc.privateKey)
      throw new Error('OIDC_PRIVATE_KEY must be set in production (private_key_jwt client authentication)');
    if (config.oidc.clientAuth === 'client_secret_basic' && !env.OIDC_CLIENT_SECRET)
      throw new Error(
        'OIDC_CLIENT_SECRET must be set in production with OIDC_CLIENT_AUTH=client_secret_basic',
      );
    if (
      !config.osPlacesApiKey ||
      !config.govUkPayApiKey ||
      !config.notifyApiKey ||
      !env.NOTIFY_TEMPLATE_HANDOVER
    )
      throw new Error(
        'OS_PLACES_API_KEY, GOVUK_PAY_API_KEY, NOTIFY_API_KEY and NOTIFY_TEMPLATE_HANDOVER must be set in production',
      );
    if (!config.clamdHost || !env.DISCLOSURE_BODY_EMAIL || !env.NOTIFY_TEMPLATE_ORGANISATION_REPORT)
      throw new Error(
        'CLAMD_HOST, DISCLOSURE_BODY_EMAIL and NOTIFY_TEMPLATE_ORGANISATION_REPORT must be set in production',
      );
    if (!config.resultSigningKey) throw new Error('RESULT_SIGNING_KEY must be set in production');
  }
  return config;
}
