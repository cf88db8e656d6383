import type { FastifyInstance } from 'fastify';
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
  ORGANISATION_ROLES,
  mayReachApplication,
  type FeatureFlags,
  type Role,
} from '@dis/domain';
import { refuse, requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { ApiError } from '../../platform/errors';
import { declarationStatus } from '../declaration/service';
import {
  APPLICANT_JOURNEY_ROLES,
  applicantDraftView,
  applicantPartOf,
  applicantPaymentTarget,
  createApplicantDraft,
  linkApplication,
  ownedByApplicant,
  saveApplicantDraft,
  submitApplicantDraft,
  submittedView,
} from './applicant';
import {
  DRAFT_STATUS,
  findApplication,
  findApplicationByLinkId,
  type ApplicationRow,
} from '../applications/service';
import { completeApplication, type HandoverDeps } from '../handover/service';
import { isSafeReturnPath, paymentStatus, startPayment } from '../payments/service';
import { checkDateOfBirth } from './date-of-birth';
import {
  applicationDetails,
  countersignatoryOf,
  createDraft,
  draftView,
  handoverData,
  isExpired,
  ownedApplication,
  saveDraft,
  submitDraft,
  DRAFT_TOKEN_PATTERN,
  draftNotFound,
  draftOf,
  organisationPaymentTarget,
} from './organisation';

export interface DraftRouteOptions extends Omit<HandoverDeps, 'log'> {
  features: FeatureFlags;
}

/**
 * The organisation application API (spec 01 section 7). Every draft route checks that the draft
 * belongs to the caller's organisation; any other draft is "not found".
 */
export async function draftApplicationRoutes(
  app: FastifyInstance,
  options: DraftRouteOptions,
): Promise<void> {
  const { db, clock, features } = options;
  const deps: HandoverDeps = { ...options, log: app.log };
  const organisation = { access: { roles: ORGANISATION_ROLES }, declaration: true } as const;
  // Routes both sides call (spec 01 and 02 section 7 share the paths): the caller's role picks the side.
  // The organisation side's declaration of the day is checked here, as the access hook checks it for
  // organisation-only routes; applicants have no such declaration.
  const bothSides = { access: { roles: [...ORGANISATION_ROLES, ...APPLICANT_JOURNEY_ROLES] } } as const;
  const applicantOnly = { access: { roles: APPLICANT_JOURNEY_ROLES } } as const;

  type Req = Parameters<typeof requireUser>[0];
  const isApplicantCaller = (request: Req) =>
    requireUser(request).roles.some((role) => (APPLICANT_JOURNEY_ROLES as readonly string[]).includes(role));

  async function organisationCaller(request: Req) {
    const user = requireUser(request);
    if (!(await declarationStatus(db, user.id, clock.now())).signedToday)
      throw new ApiError(403, 'DECLARATION_REQUIRED', 'Confirm the declaration before you continue');
    return user;
  }

  /**
   * Role against application type (spec 01 sections 1 and 6), on every token route after ownership: a
   * LEVEL1_CSG cannot reach a Level 2 or PVG application even of its own organisation. Not found, audited.
   */
  async function assertReachable(request: Req, row: ApplicationRow, organisationInitiated: boolean) {
    const user = requireUser(request);
    if (mayReachApplication(user.roles as Role[], row.type_code, { organisationInitiated }, features)) return;
    await refuse(db, request, 'wrong_application_type');
    throw draftNotFound();
  }

  async function owned(request: Req, token: string) {
    const user = await organisationCaller(request);
    const csg = await countersignatoryOf(db, user);
    let row: ApplicationRow;
    try {
      row = await ownedApplication(db, token, csg);
    } catch (error) {
      await refuse(db, request, 'not_own_draft');
      throw error;
    }
    await assertReachable(request, row, true);
    return { user, row };
  }

  /** The applicant's own application (linked or started by them); anyone else's is "not found". */
  async function ownedByCaller(request: Req, token: string) {
    const user = requireUser(request);
    let row: Awaited<ReturnType<typeof ownedByApplicant>>;
    try {
      row = await ownedByApplicant(db, token, user.id);
    } catch (error) {
      await refuse(db, request, 'not_own_draft');
      throw error;
    }
    await assertReachable(request, row, row.link_id !== null);
    return { user, row };
  }

  registerContract(app, createDraftContract, bothSides, async ({ body, request }) =>
    isApplicantCaller(request)
      ? createApplicantDraft(
          db,
          requireUser(request),
          body.applicationType,
          features,
          clock.now(),
          request.id,
        )
      : createDraft(
          db,
          await organisationCaller(request),
          body.applicationType,
          features,
          clock.now(),
          request.id,
        ),
  );

  registerContract(app, linkApplicationContract, applicantOnly, async ({ body, request }) =>
    linkApplication(db, requireUser(request), body.uuid, clock.now(), request.id, features),
  );

  registerContract(app, draftContract, bothSides, async ({ params, request }) => {
    if (isApplicantCaller(request)) {
      const { row } = await ownedByCaller(request, params.token);
      return applicantDraftView(row, row.part, clock.now());
    }
    return draftView((await owned(request, params.token)).row);
  });

  // The saves read their bodies against the journey's own schemas (they depend on the draft).
  registerContract(app, saveOrganisationDraftContract, organisation, async ({ params, request }) => {
    const { user } = await owned(request, params.token);
    return saveDraft(db, user, params.token, request.body, clock.now());
  });

  registerContract(app, saveApplicantDraftContract, applicantOnly, async ({ params, request }) => {
    const { user } = await ownedByCaller(request, params.token);
    const now = clock.now();
    return saveApplicantDraft(db, user, params.token, request.body, now, {
      checkDateOfBirth: (dateOfBirth) => checkDateOfBirth(db, user.id, dateOfBirth, now, request.id),
    });
  });

  registerContract(app, submitDraftContract, bothSides, async ({ params, body, request }) => {
    if (isApplicantCaller(request)) {
      const { user } = await ownedByCaller(request, params.token);
      return submitApplicantDraft(db, user, params.token, body.agreed, clock.now(), request.id);
    }
    const { user } = await owned(request, params.token);
    return submitDraft(db, user, params.token, body.agreed, clock.now(), request.id);
  });

  registerContract(app, submittedApplicationContract, applicantOnly, async ({ params, request }) => {
    const { row } = await ownedByCaller(request, params.token);
    return submittedView(row, row.part);
  });

  registerContract(app, startPaymentContract, bothSides, async ({ params, body, request }) => {
    const applicant = isApplicantCaller(request);
    const { user, row } = applicant
      ? await ownedByCaller(request, params.token)
      : await owned(request, params.token);
    if (!isSafeReturnPath(body.returnUrl)) {
      throw new ApiError(400, 'VALIDATION_FAILED', 'There is a problem with the details you sent', {
        returnUrl: 'Enter a valid value',
      });
    }
    const target = applicant ? applicantPaymentTarget(user.assuranceLevel) : organisationPaymentTarget;
    const { status, nextUrl } = await startPayment(deps, target, row, body.returnUrl, user.id, request.id);
    return { status, nextUrl };
  });

  registerContract(app, paymentStatusContract, bothSides, async ({ params, request }) => {
    if (isApplicantCaller(request)) {
      const { user, row } = await ownedByCaller(request, params.token);
      return paymentStatus(
        deps,
        applicantPaymentTarget(user.assuranceLevel),
        row,
        user.id,
        request.id,
        (r) => applicantPartOf(r)?.payment?.type === 'CARD',
      );
    }
    const { user, row } = await owned(request, params.token);
    return paymentStatus(
      deps,
      organisationPaymentTarget,
      row,
      user.id,
      request.id,
      (r) => draftOf(r).payment?.type === 'CARD_CSG',
    );
  });

  registerContract(app, completeApplicationContract, organisation, async ({ params, request }) => {
    const { user, row } = await owned(request, params.token);
    return completeApplication(deps, row, user.id, request.id);
  });

  // Hand-over data. Organisation users: by draft token, own organisation only. Applicants: by the link
  // identifier of the email (a UUID), while the application is not linked to someone else.
  registerContract(
    app,
    handoverContract,
    { access: { roles: [...ORGANISATION_ROLES, ...APPLICANT_ROLES] } },
    async ({ params, request }) => {
      const user = requireUser(request);
      const token = params.token;
      const notFound = new ApiError(404, 'ApplicationDetails.NotFound', 'Application not found');
      let row;
      if (user.roles.some((role) => (ORGANISATION_ROLES as readonly string[]).includes(role))) {
        const csg = await countersignatoryOf(db, user);
        row = DRAFT_TOKEN_PATTERN.test(token) ? await findApplication(db, token) : undefined;
        if (row && row.organisation_code !== csg.organisationCode) row = undefined;
      } else {
        row = UUID_PATTERN.test(token) ? await findApplicationByLinkId(db, token.toLowerCase()) : undefined;
        if (row && row.applicant_user_id !== null && row.applicant_user_id !== user.id) row = undefined;
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
    },
  );

  registerContract(app, applicationDetailsContract, organisation, async ({ params, request }) =>
    applicationDetails((await owned(request, params.token)).row),
  );
}
