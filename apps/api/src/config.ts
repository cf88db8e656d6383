import type { FeatureFlags } from '@dis/domain';

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
    clientSecret: string;
    /** openid-client refuses plain http unless allowed; allowed only for the local provider. */
    allowInsecure: boolean;
  };
  features: FeatureFlags;
  logLevel: string;
  webDist: string | undefined;
  signInRateLimitPerMinute: number;
  jobPollMs: number;
  /** Behind a TLS-terminating proxy: believe its X-Forwarded-* headers. */
  trustProxy: boolean;
  /** Outside services of issue 4; with LOCAL_SERVICES on the local stand-ins answer instead. */
  osPlacesApiKey: string | undefined;
  govUkPayApiKey: string | undefined;
  govUkPayUrl: string;
  notifyApiKey: string | undefined;
  /** GOV.UK Notify template of the hand-over email (text in integrations/notify/templates.ts). */
  notifyHandoverTemplateId: string;
  /** The survey service feedback is posted to; unset: feedback is stored locally. */
  feedbackUrl: string | undefined;
  /** clamd for CSV uploads (issue 11); unset with LOCAL_SERVICES on: a local stand-in on a free port. */
  clamdHost: string | undefined;
  clamdPort: number;
  /** Where a lead countersignatory's corrected organisation details are emailed, and its Notify template. */
  disclosureBodyEmail: string;
  notifyOrganisationReportTemplateId: string;
}

type Env = Record<string, string | undefined>;

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

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = int('PORT', env.PORT, 3000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const localServices = bool(env.LOCAL_SERVICES, nodeEnv !== 'production');
  const issuer = (env.OIDC_ISSUER ?? `${publicUrl}/local/idp`).replace(/\/$/, '');
  const features = Object.fromEntries(
    Object.entries(FEATURE_FLAG_VARIABLES).map(([key, [name, fallback]]) => [key, bool(env[name], fallback)]),
  ) as unknown as FeatureFlags;

  const config: Config = {
    env: nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    serviceName: env.SERVICE_NAME ?? 'Apply for a criminal record disclosure or PVG scheme membership',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? './data',
    redisUrl: env.REDIS_URL || undefined,
    sessionSecret: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    localServices,
    oidc: {
      issuer,
      clientId: env.OIDC_CLIENT_ID ?? 'disclosure-account-local',
      clientSecret: env.OIDC_CLIENT_SECRET ?? 'local-client-secret-not-for-production',
      allowInsecure: localServices && issuer.startsWith('http://'),
    },
    features,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    webDist: env.WEB_DIST,
    signInRateLimitPerMinute: int('SIGN_IN_RATE_LIMIT_PER_MINUTE', env.SIGN_IN_RATE_LIMIT_PER_MINUTE, 30),
    jobPollMs: int('JOB_POLL_MS', env.JOB_POLL_MS, 5000),
    trustProxy: bool(env.TRUST_PROXY, nodeEnv === 'production'),
    osPlacesApiKey: env.OS_PLACES_API_KEY || undefined,
    govUkPayApiKey: env.GOVUK_PAY_API_KEY || undefined,
    govUkPayUrl: (env.GOVUK_PAY_URL ?? 'https://publicapi.payments.service.gov.uk').replace(/\/$/, ''),
    notifyApiKey: env.NOTIFY_API_KEY || undefined,
    notifyHandoverTemplateId: env.NOTIFY_TEMPLATE_HANDOVER ?? 'local-template-organisation-handover',
    feedbackUrl: env.FEEDBACK_URL || undefined,
    clamdHost: env.CLAMD_HOST || undefined,
    clamdPort: int('CLAMD_PORT', env.CLAMD_PORT, 3310),
    disclosureBodyEmail: env.DISCLOSURE_BODY_EMAIL ?? 'registrations@disclosure-body.example.gov.uk',
    notifyOrganisationReportTemplateId:
      env.NOTIFY_TEMPLATE_ORGANISATION_REPORT ?? 'local-template-organisation-details-report',
  };

  if (config.sessionSecret.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters');
  if (nodeEnv === 'production') {
    if (config.sessionSecret === DEV_SESSION_SECRET)
      throw new Error('SESSION_SECRET must be set in production');
    if (config.localServices) throw new Error('LOCAL_SERVICES must be off in production');
    if (!config.databaseUrl) throw new Error('DATABASE_URL must be set in production');
    if (!config.publicUrl.startsWith('https://')) throw new Error('PUBLIC_URL must be https in production');
    if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)
      throw new Error('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set in production');
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
  }
  return config;
}
