import type { Role } from '@dis/domain';
import { createAppeals } from './appeals';
import { createResultsCore } from './core';
import { createResultEmails } from './emails';
import { createResultHandOffs } from './hand-offs';
import { createResultIssue } from './issue';
import { createOrganisationResultViews } from './organisation-views';
import { createReleaseJob } from './release';
import { createReviews } from './review';
import { createSharingFacts } from './sharing-facts';
import type { ResultsDeps } from './types';
import { createResultViews } from './views';

// The results module's service: one object composed of its parts, each a small service of its own over the shared
// core (`core.ts`): issue (`issue.ts`), the release job (`release.ts`), the applicant's and the organisation's views
// (`views.ts`, `organisation-views.ts`), appeals (`appeals.ts`), review (`review.ts`), the applicant's emails
// (`emails.ts`) and what other modules read (`sharing-facts.ts`, `hand-offs.ts`).

export { resultNotFound } from './core';

/** Who reads an applicant's own result: APPLICANT and APPLICANT_BASIC with a verified identity (spec 02 sections 2
 * and 6), for the result pages and the result's checks alike. */
export const RESULT_READER_ACCESS = {
  access: {
    roles: ['APPLICANT', 'APPLICANT_BASIC'] as const satisfies readonly Role[],
    identityVerified: true,
  },
} as const;
export type {
  ApplicantContact,
  AuditActor,
  Caller,
  CaseworkResultFacts,
  IssuedApplication,
  OrganisationCaller,
  ResultsDeps,
  ResultVersionFacts,
  ResultVersionRecorder,
} from './types';

export function createResultsService(deps: ResultsDeps) {
  const core = createResultsCore(deps);
  const emails = createResultEmails(deps);
  return {
    ...createResultViews(core),
    ...createOrganisationResultViews(core),
    ...createAppeals(core),
    ...createReviews(core, emails),
    ...createResultIssue(core),
    ...createReleaseJob(core),
    ...createSharingFacts(core),
    ...createResultHandOffs(core),
    ...emails,
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;
