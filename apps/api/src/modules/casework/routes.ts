import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  appealOutcomeContract,
  caseworkApplicationContract,
  caseworkApplicationsContract,
  caseworkOutboxContract,
  delayReasonContract,
  issueResultContract,
  printRequestsContract,
  printRequestSentContract,
  reviewDecisionContract,
  terminateApplicationContract,
  caseworkBasicApplicationsContract,
  moveBasicApplicationContract,
  registerBasicApplicationContract,
  identityDocumentsReceivedContract,
  registerPaperApplicationContract,
} from '@dis/domain/contracts';
import { writeAudit } from '../../platform/audit';
import { registerContract } from '../../platform/contracts';
import { ApiError } from '../../platform/errors';
import type { SharingService } from '../sharing/service';
import type { Services } from '../../services';

/**
 * The casework API, /internal/casework/*: service to service, authenticated by a bearer token from config
 * (CASEWORK_API_TOKEN). A call without the right token is refused (401) before anything else; every call,
 * refused or not, is audited with its route and answer.
 */
export const CASEWORK_API_PREFIX = '/internal/casework';

function tokenMatches(header: string | undefined, expected: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!, 'utf8');
  const wanted = Buffer.from(expected, 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export async function caseworkRoutes(
  app: FastifyInstance,
  { db, casework, sharing, outbox, basicApplications, paperApplications, config: settings }: Services,
): Promise<void> {
  // Paper copies asked for by applicants are the sharing module's print requests.
  const printing: Pick<SharingService, 'printRequests' | 'markPrintRequestSent'> = sharing;
  const token = settings.caseworkApiToken;
  app.addHook('onRequest', async (request) => {
    if (!tokenMatches(request.headers.authorization, token)) {
      throw new ApiError(401, 'UNAUTHENTICATED', 'The casework API needs its bearer token');
    }
  });
  // onSend, not onResponse: the audit row is written before the caller has its answer.
  app.addHook('onSend', async (request, reply, payload) => {
    await writeAudit(db, {
      event: 'casework.call',
      outcome: reply.statusCode === 401 ? 'refused' : reply.statusCode < 400 ? 'success' : 'failure',
      requestId: request.id,
      detail: {
        method: request.method,
        route: request.routeOptions.url ?? 'unknown',
        status: reply.statusCode,
      },
    });
    return payload;
  });

  const config = { access: 'service' } as const;
  const caller = (request: FastifyRequest) => ({ requestId: request.id, source: 'casework-api' });

  registerContract(app, caseworkApplicationsContract, config, async () => ({
    applications: await casework.applications(),
  }));
  registerContract(app, caseworkApplicationContract, config, async ({ params, request }) =>
    casework.application(params.reference, caller(request)),
  );
  registerContract(app, issueResultContract, config, async ({ params, body, request }) =>
    casework.issueResult(params.reference, body, caller(request)),
  );
  registerContract(app, terminateApplicationContract, config, async ({ params, request }) =>
    casework.terminate(params.reference, caller(request)),
  );
  registerContract(app, identityDocumentsReceivedContract, config, async ({ params, request }) =>
    casework.identityDocumentsReceived(params.reference, caller(request)),
  );
  registerContract(app, delayReasonContract, config, async ({ params, body, request }) =>
    casework.addDelayReason(params.reference, body.reason, caller(request)),
  );
  registerContract(app, reviewDecisionContract, config, async ({ params, body, request }) =>
    casework.recordReviewDecision(params.id, body.decision, caller(request)),
  );
  registerContract(app, appealOutcomeContract, config, async ({ params, body, request }) =>
    casework.recordAppealOutcome(params.id, body.outcome, caller(request)),
  );
  registerContract(app, printRequestsContract, config, async () => ({
    printRequests: await printing.printRequests(),
  }));
  registerContract(app, printRequestSentContract, config, async ({ params, request }) =>
    printing.markPrintRequestSent(params.id, caller(request)),
  );
  // Basic disclosures made through the Basic service (decision 0052): register one, list them, move a status.
  registerContract(app, registerBasicApplicationContract, config, async ({ body, request }) =>
    basicApplications.register(body, caller(request)),
  );
  registerContract(app, caseworkBasicApplicationsContract, config, async () => ({
    applications: await basicApplications.caseworkList(),
  }));
  registerContract(app, moveBasicApplicationContract, config, async ({ params, body, request }) =>
    basicApplications.move(params.appId, body.status, caller(request)),
  );
  // Applications received on paper, channel P (decision 0053): registered here, then issued like any other.
  registerContract(app, registerPaperApplicationContract, config, async ({ body, request }) =>
    paperApplications.register(body, caller(request)),
  );
  // What is stuck in the outbox (`npm run casework -- outbox`).
  registerContract(app, caseworkOutboxContract, config, async () => ({
    unsent: await outbox.stuck(),
    undelivered: await outbox.undelivered(),
  }));
}
