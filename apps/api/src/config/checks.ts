import { readPem } from '../integrations/identity/client-key';
import type { Config } from '../config';
import type { Env } from './read';

/** The development session secret: production refuses to start with it. */
export const DEV_SESSION_SECRET = 'local-development-session-secret-not-for-production';

/**
 * Checks the configuration at start: lengths of the secrets, keys that are keys, and in production every secret
 * and outside service set (none of the development defaults, no local stand-ins, https). Throws on the first fault.
 */
export function checkConfig(config: Config, env: Env): void {
  if (config.caseworkApiToken.length < 24)
    throw new Error('CASEWORK_API_TOKEN must be at least 24 characters');

  // The keys are read now, so a key that is not one stops the start rather than the first sign-in.
  if (config.oidc.privateKey) readPem(config.oidc.privateKey, 'private');
  if (config.oidc.retiringPublicKey) readPem(config.oidc.retiringPublicKey, 'public');
  if (config.localServices && config.oidc.clientAuth !== 'private_key_jwt')
    throw new Error('The local identity provider accepts only OIDC_CLIENT_AUTH=private_key_jwt');
  if (config.sessionSecret.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters');
  if (config.env === 'production') {
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
}
