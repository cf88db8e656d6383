import { z } from 'zod';
import type { FeatureFlags } from '../codes';
import { defineEndpoint, readEndpoint } from './define';

// The deployment's public configuration, health checks and the countersignatory's daily declaration.

const featureFlagsSchema = z.object({
  level1Organisation: z.boolean(),
  prepopulatePersonalDetails: z.boolean(),
  pvgConfirmationJoin: z.boolean(),
  pvgConfirmationExisting: z.boolean(),
  enhancedDashboardOrganisation: z.boolean(),
  enhancedDashboardApplicant: z.boolean(),
  b2bBatchUpload: z.boolean(),
  csgCodeFilter: z.boolean(),
}) satisfies z.ZodType<FeatureFlags>;

/** What the browser needs to know about this deployment: never secrets. Public. */
export const configContract = readEndpoint(
  '/api/config',
  z.object({ serviceName: z.string(), features: featureFlagsSchema, localServices: z.boolean() }),
);

/** The process answers. Public. */
export const healthContract = readEndpoint('/healthz', z.object({ status: z.literal('ok') }));

/** Every dependency answers (the database, and Redis when configured); 503 with the same shape when one does not. */
export const readyContract = readEndpoint(
  '/readyz',
  z.object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['ok', 'unavailable']),
    redis: z.enum(['ok', 'unavailable']).optional(),
    /** The instance is stopping (a graceful stop): the proxy takes it out of rotation. */
    draining: z.literal(true).optional(),
  }),
);

const declarationStatusSchema = z.object({
  /** The London date (yyyy-mm-dd) of the latest declaration, if any. */
  signedOn: z.string().nullable(),
  signedToday: z.boolean(),
});

/** The countersignatory's declaration of the day (spec 01 section 6). Organisation roles. */
export const declarationStatusContract = readEndpoint('/api/declaration', declarationStatusSchema);

/** Signs today's declaration. Organisation roles. */
export const signDeclarationContract = defineEndpoint({
  method: 'POST',
  path: '/api/declaration',
  body: z.object({
    agreed: z.literal(true, { message: 'Select that you confirm you are entitled to view disclosures' }),
  }),
  response: z.object({ signedOn: z.string(), signedToday: z.literal(true) }),
});

// Content-Security-Policy violation reports, as browsers send them to the policy's report address.

const text = z.string().max(2048).optional();

/** The older `report-uri` format (application/csp-report). */
const legacyReport = z.object({
  'csp-report': z.object({
    'document-uri': text,
    'violated-directive': text,
    'effective-directive': text,
    'blocked-uri': text,
    'source-file': text,
    'line-number': z.number().int().nonnegative().optional(),
    disposition: text,
  }),
});

/** The Reporting API format (application/reports+json): a batch of reports of several types. */
const reportingApiBatch = z
  .array(
    z.object({
      type: z.string().max(64),
      body: z
        .object({
          documentURL: text,
          effectiveDirective: text,
          blockedURL: text,
          sourceFile: text,
          lineNumber: z.number().int().nonnegative().optional(),
          disposition: text,
        })
        .optional(),
    }),
  )
  .max(100);

/**
 * A browser's report of a Content-Security-Policy violation (either format): 204. No session and no custom header
 * (the browser sends it by itself); limited in size and rate.
 */
export const cspReportContract = defineEndpoint({
  method: 'POST',
  path: '/api/csp-reports',
  body: z.union([legacyReport, reportingApiBatch]),
  status: 204,
  response: z.void(),
});

/** The delivery statuses GOV.UK Notify reports by callback. */
export const NOTIFY_DELIVERY_STATUSES = [
  'delivered',
  'permanent-failure',
  'temporary-failure',
  'technical-failure',
] as const;

/**
 * GOV.UK Notify's delivery-status callback (`Authorization: Bearer <NOTIFY_CALLBACK_TOKEN>`; without the right
 * token 401). `reference` is the outbox row's id; other fields Notify sends are accepted and ignored. An unknown
 * reference is answered 204 too, so Notify does not retry it.
 */
export const notifyDeliveryCallbackContract = defineEndpoint({
  method: 'POST',
  path: '/notify/callbacks/delivery-status',
  body: z.looseObject({
    id: z.string().min(1).max(100),
    reference: z.string().max(100).nullable(),
    status: z.enum(NOTIFY_DELIVERY_STATUSES),
  }),
  status: 204,
  response: z.void(),
});
