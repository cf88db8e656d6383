import { generateKeyPairSync } from 'node:crypto';

/**
 * A whole production configuration (every setting production requires, with made-up values): a test takes one
 * setting away (`const { X: _x, ...env } = PRODUCTION_ENV`) or changes one, and reads what the config makes of it.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://disclosures.example.gov.uk',
  SESSION_SECRET: 'a-production-session-secret-of-enough-length',
  DATABASE_URL: 'postgres://service@db.internal/disclosures',
  OIDC_ISSUER: 'https://identity.example.gov.uk',
  OIDC_CLIENT_ID: 'disclosures',
  OIDC_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString(),
  OS_PLACES_API_KEY: 'k',
  GOVUK_PAY_API_KEY: 'k',
  NOTIFY_API_KEY: 'k',
  NOTIFY_TEMPLATE_HANDOVER: 't',
  NOTIFY_TEMPLATE_RESULT_READY: 't',
  NOTIFY_TEMPLATE_REVIEW_DECISION: 't',
  NOTIFY_TEMPLATE_ORGANISATION_REPORT: 't',
  RESULTS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  CASEWORK_API_TOKEN: 'a-production-casework-token-of-enough-length',
  RESULT_SIGNING_KEY: generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString(),
  CLAMD_HOST: 'clamd.internal',
  DISCLOSURE_BODY_EMAIL: 'registrations@example.gov.uk',
  NOTIFY_CALLBACK_TOKEN: 'a-production-notify-callback-token',
};
