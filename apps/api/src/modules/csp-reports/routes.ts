import type { FastifyInstance } from 'fastify';
import { cspReportContract } from '@dis/domain/contracts';
import { registerContract } from '../../platform/contracts';
import type { Services } from '../../services';

/** A report is a few hundred bytes; anything much larger is not one. */
export const CSP_REPORT_BODY_LIMIT = 16 * 1024;

/** Browsers post Content-Security-Policy violations here (the policy's report-uri). */
export async function cspReportRoutes(app: FastifyInstance, { cspReports, config }: Services): Promise<void> {
  // Browsers send these types; parsed as JSON within this plugin only.
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT },
    app.getDefaultJsonParser('error', 'error'),
  );
  registerContract(
    app,
    cspReportContract,
    {
      // The browser sends reports by itself: no session, no custom header, no Origin to check. It changes
      // nothing but this table, and is limited in size and rate.
      access: 'service',
      rateLimit: { max: config.cspReportRateLimitPerMinute, timeWindow: '1 minute' },
    },
    async ({ body }) => {
      await cspReports.record(body);
    },
    { bodyLimit: CSP_REPORT_BODY_LIMIT },
  );
}
