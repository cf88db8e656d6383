import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  applicationDetailsContract,
  completeApplicationContract,
  createDraftContract,
  draftContract,
  handoverContract,
  linkApplicationContract,
  paymentStatusContract,
  saveApplicantDraftContract,
  saveOrganisationDraftContract,
  startPaymentContract,
  submitDraftContract,
  submittedApplicationContract,
} from '@dis/domain/contracts';
import {
  UUID_PATTERN,
  APPLICANT_ROLES,
  applicantDraftSaveSchema,
  organisationDraftSavePayloadSchema,
  ORGANISATION_ROLES,
  mayReachApplication,
  type FeatureFlags,
  type Role,
} from '@dis/domain';
import { refuse, requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { APPLICANT_JOURNEY_ROLES } from './applicant';
import { linkApplication } from './applicant-link';
import { DRAFT_STATUS, findApplication, findApplicationByLinkId } from '../applications/service';
import { completeApplication } from '../handover/service';
import { DRAFT_TOKEN_PATTERN } from './core';
import { applicationDetails, countersignatoryOf, handoverData, isExpired } from './organisation';
import type { Services } from '../../services';

/**
 * The application API of spec 01 and 02 section 7: drafts, the declaration, payment, completion, hand-over and
 * linking. Every draft route checks that the draft is the caller's own (its organisation's, or the applicant's)
 * and that the caller's role may reach its type; any other draft is "not found". The routes both sides call go
 * through one interface (`sides.ts`).
 */
export async function draftApplicationRoutes(
  app: FastifyInstance,
  { handover: deps, drafts: sides, config, outbox }: Services,
): Promise<void> {
  const { db, clock } = deps;
  const { features } = config;
  const organisation = { access: { roles: ORGANISATION_ROLES }, declaration: true } as const;
  // Routes both sides call (spec 01 and 02 section 7 share the paths): the caller's role picks the side, whose
  // implementation checks ownership, the role against the type and, for the organisation, today's declaration.
  const bothSides = { access: { roles: [...ORGANISATION_ROLES, ...APPLICANT_JOURNEY_ROLES] } } as const;
  const applicantOnly = { access: { roles: APPLICANT_JOURNEY_ROLES } } as const;

  // Spec 01 section 7: the applicant-only case sends no body, with the JSON content type every call carries. On
  // this route only, an empty body reads as `{}` (no type named); everywhere else it stays a 400, as Fastify
  // answers it. A literal `null` is still refused.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    if (text === '' && request.method === 'POST' && request.routeOptions.url === createDraftContract.path)
      return done(null, {});
    void json(request, String(text), done);
  });

  registerContract(app, createDraftContract, bothSides, async ({ body, request }) =>
    sides.sideOf(request).create(request, body.applicationType),
  );

  registerContract(app, linkApplicationContract, applicantOnly, async ({ body, request }) =>
    linkApplication(db, requireUser(request), body.uuid, clock.now(), request.id, features),
  );

  registerContract(app, draftContract, bothSides, async ({ params, request }) =>
    sides.sideOf(request).view(request, params.token),
  );

  // The saves read their bodies against the journey's own schemas (they depend on the draft and the clock), so the
  // route has no body schema: /openapi.json shows the payload the handler reads strictly (`documentedBody`).
  registerContract(
    app,
    saveOrganisationDraftContract,
    organisation,
    async ({ params, request }) => sides.organisation.save(request, params.token, request.body),
    { documentedBody: organisationDraftSavePayloadSchema },
  );

  registerContract(
    app,
    saveApplicantDraftContract,
    applicantOnly,
    async ({ params, request }) => sides.applicant.save(request, params.token, request.body),
    { documentedBody: applicantDraftSaveSchema },
  );

  registerContract(app, submitDraftContract, bothSides, async ({ params, body, request }) =>
    sides.sideOf(request).submit(request, params.token, body.agreed),
  );

  registerContract(app, submittedApplicationContract, applicantOnly, async ({ params, request }) =>
    sides.applicant.submitted(request, params.token),
  );

  registerContract(app, startPaymentContract, bothSides, async ({ params, body, request }) =>
    sides.sideOf(request).startPayment(request, params.token, body.returnUrl),
  );

  registerContract(app, paymentStatusContract, bothSides, async ({ params, request }) =>
    sides.sideOf(request).paymentStatus(request, params.token),
  );

  registerContract(app, completeApplicationContract, organisation, async ({ params, request }) => {
    const { user, row } = await sides.organisation.owned(request, params.token);
    return completeApplication(deps, row, user.id, request.id);
  });

  registerContract(
    app,
    handoverContract,
    { access: { roles: [...ORGANISATION_ROLES, ...APPLICANT_ROLES] } },
    async ({ params, request }) => handoverOf({ db, clock, features }, request, params.token),
  );

  // Application details (/application/{token}/{status}): the organisation's own application, or the applicant's
  // own (document 2 section 2); the caller's role picks the side, and anyone else's application is not found.
  registerContract(app, applicationDetailsContract, bothSides, async ({ params, request }) => {
    if (sides.sideOf(request) === sides.applicant) {
      const { row } = await sides.applicant.owned(request, params.token);
      return { ...applicationDetails(row), handoverEmail: null };
    }
    const { row } = await sides.organisation.owned(request, params.token);
    // Whether the applicant's hand-over email reached them (a bounce means the organisation should check it).
    const email = await outbox.deliveryAbout('application', [row.id], 'handover');
    return { ...applicationDetails(row), handoverEmail: email.get(row.id) ?? null };
  });
}

/**
 * Hand-over data. Organisation users: by draft token, own organisation only. Applicants: by the link identifier
 * of the email (a UUID), while the application is not linked to someone else.
 */
async function handoverOf(
  { db, clock, features }: { db: Db; clock: Clock; features: FeatureFlags },
  request: FastifyRequest,
  token: string,
) {
  const user = requireUser(request);
  const notFound = new ApiError(404, 'ApplicationDetails.NotFound', 'Application not found');
  let row;
  if (user.roles.some((role) => (ORGANISATION_ROLES as readonly string[]).includes(role))) {
    const csg = await countersignatoryOf(db, user);
    row = DRAFT_TOKEN_PATTERN.test(token) ? await findApplication(db, token) : undefined;
    if (row && row.organisation_code !== csg.organisationCode) row = undefined;
  } else {
    row = UUID_PATTERN.test(token) ? await findApplicationByLinkId(db, token.toLowerCase()) : undefined;
    // Linked to someone else: what POST /link/applicant answers too (document 2 section 8), so the page that
    // asks for the hand-over first shows the already-linked error rather than application not found.
    if (row && row.applicant_user_id !== null && row.applicant_user_id !== user.id) {
      await refuse(db, request, 'handover_linked_elsewhere');
      throw new ApiError(409, 'application_already_linked', 'This application is linked to someone else');
    }
  }
  // Not handed over yet (a draft, or the organisation's own payment failed): no link id. A type the
  // caller's role may not reach is not found either.
  if (
    !row ||
    row.status === DRAFT_STATUS ||
    row.link_id === null ||
    !mayReachApplication(user.roles as Role[], row.type_code, { organisationInitiated: true }, features)
  ) {
    await refuse(db, request, 'handover_not_found');
    throw notFound;
  }
  if (isExpired(row, clock.now()))
    throw new ApiError(410, 'APPLICATION_EXPIRED', 'This application has expired');
  return handoverData(row);
}
