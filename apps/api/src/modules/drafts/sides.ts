import type { FastifyRequest } from 'fastify';
import { mayReachApplication, type ApplicationTypeCode, type FeatureFlags, type Role } from '@dis/domain';
import type {
  createDraftContract,
  draftContract,
  paymentStatusContract,
  ResponseOf,
  startPaymentContract,
  submitDraftContract,
} from '@dis/domain/contracts';
import { refuse, requireUser } from '../../platform/access';
import { ApiError } from '../../platform/errors';
import type { ApplicationRow } from '../applications/service';
import { declarationStatus } from '../declaration/service';
import type { HandoverDeps } from '../handover/service';
import { isSafeReturnPath, paymentStatus, startPayment, type PaymentTarget } from '../payments/service';
import {
  APPLICANT_JOURNEY_ROLES,
  applicantDraftView,
  applicantPartOf,
  applicantPaymentTarget,
  createApplicantDraft,
  ownedByApplicant,
  submitApplicantDraft,
} from './applicant';
import {
  countersignatoryOf,
  createDraft,
  draftNotFound,
  draftOf,
  draftView,
  organisationPaymentTarget,
  ownedApplication,
  submitDraft,
} from './organisation';

/**
 * The draft API of spec section 7 that both sides call on the same paths: one interface, an organisation and an
 * applicant implementation, and the caller's role picks one (`sideOf`). Each implementation checks that the
 * draft is the caller's own and that the caller's role may reach its type; anything else is "not found",
 * audited.
 */
export interface DraftSide {
  /** `applicationType` undefined: no body (the applicant-only case, spec 01 section 7). */
  create(
    request: FastifyRequest,
    applicationType: string | undefined,
  ): Promise<ResponseOf<typeof createDraftContract>>;
  view(request: FastifyRequest, token: string): Promise<ResponseOf<typeof draftContract>>;
  submit(
    request: FastifyRequest,
    token: string,
    agreed: unknown,
  ): Promise<ResponseOf<typeof submitDraftContract>>;
  startPayment(
    request: FastifyRequest,
    token: string,
    returnUrl: string,
  ): Promise<ResponseOf<typeof startPaymentContract>>;
  paymentStatus(request: FastifyRequest, token: string): Promise<ResponseOf<typeof paymentStatusContract>>;
}

export interface DraftSideDeps {
  handover: HandoverDeps;
  features: FeatureFlags;
}

/**
 * What an applicant starts when the creation names no type (no body: the applicant-only case of spec 01
 * section 7): the applicant-only Level 1 application.
 */
export const APPLICANT_ONLY_TYPE = 'LA' satisfies ApplicationTypeCode;

export function draftSides({ handover: deps, features }: DraftSideDeps) {
  const { db, clock } = deps;

  /**
   * Role against application type (spec 01 sections 1 and 6), on every token route after ownership: a
   * LEVEL1_CSG cannot reach a Level 2 or PVG application even of its own organisation. Not found, audited.
   */
  async function assertReachable(
    request: FastifyRequest,
    row: ApplicationRow,
    organisationInitiated: boolean,
  ) {
    const user = requireUser(request);
    if (mayReachApplication(user.roles as Role[], row.type_code, { organisationInitiated }, features)) return;
    await refuse(db, request, 'wrong_application_type');
    throw draftNotFound();
  }

  /** The card payment of a draft the caller owns: only to a path on this site. */
  async function pay(
    target: PaymentTarget,
    owner: { user: { id: string }; row: ApplicationRow },
    returnUrl: string,
    request: FastifyRequest,
  ) {
    if (!isSafeReturnPath(returnUrl)) {
      throw new ApiError(400, 'VALIDATION_FAILED', 'There is a problem with the details you sent', {
        returnUrl: 'Enter a valid value',
      });
    }
    const { status, nextUrl } = await startPayment(
      deps,
      target,
      owner.row,
      returnUrl,
      owner.user.id,
      request.id,
    );
    return { status, nextUrl };
  }

  /** The countersignatory, once today's declaration is signed (the access hook checks it on organisation-only routes). */
  async function organisationCaller(request: FastifyRequest) {
    const user = requireUser(request);
    if (!(await declarationStatus(db, user.id, clock.now())).signedToday)
      throw new ApiError(403, 'DECLARATION_REQUIRED', 'Confirm the declaration before you continue');
    return user;
  }

  /** A draft of the caller's own organisation that the caller's role may reach. */
  async function organisationOwned(request: FastifyRequest, token: string) {
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

  /** The applicant's own application (linked from an organisation's email or started by them). */
  async function applicantOwned(request: FastifyRequest, token: string) {
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

  /** The countersignatory's side. */
  const organisation = {
    owned: organisationOwned,
    async create(request, applicationType) {
      return createDraft(
        db,
        await organisationCaller(request),
        // The organisation always names the type: none is refused as an unknown one.
        applicationType ?? '',
        features,
        clock.now(),
        request.id,
      );
    },
    async view(request, token) {
      return draftView((await organisationOwned(request, token)).row);
    },
    async submit(request, token, agreed) {
      const { user } = await organisationOwned(request, token);
      return submitDraft(db, user, token, agreed, clock.now(), request.id);
    },
    async startPayment(request, token, returnUrl) {
      return pay(organisationPaymentTarget, await organisationOwned(request, token), returnUrl, request);
    },
    async paymentStatus(request, token) {
      const { user, row } = await organisationOwned(request, token);
      return paymentStatus(
        deps,
        organisationPaymentTarget,
        row,
        user.id,
        request.id,
        (r) => draftOf(r).payment?.type === 'CARD_CSG',
      );
    },
  } satisfies DraftSide & { owned: unknown };

  /** The applicant's side: their own application, linked from an organisation's email or started by them. */
  const applicant = {
    owned: applicantOwned,
    async create(request, applicationType) {
      return createApplicantDraft(
        db,
        requireUser(request),
        // No body, or no type named: the applicant-only Level 1 application (spec 01 section 7; decision 0008).
        applicationType ?? APPLICANT_ONLY_TYPE,
        features,
        clock.now(),
        request.id,
      );
    },
    async view(request, token) {
      const { row } = await applicantOwned(request, token);
      return applicantDraftView(row, row.part, clock.now());
    },
    async submit(request, token, agreed) {
      const { user } = await applicantOwned(request, token);
      return submitApplicantDraft(db, user, token, agreed, clock.now(), request.id);
    },
    async startPayment(request, token, returnUrl) {
      const owner = await applicantOwned(request, token);
      return pay(applicantPaymentTarget(owner.user.assuranceLevel), owner, returnUrl, request);
    },
    async paymentStatus(request, token) {
      const { user, row } = await applicantOwned(request, token);
      return paymentStatus(
        deps,
        applicantPaymentTarget(user.assuranceLevel),
        row,
        user.id,
        request.id,
        (r) => applicantPartOf(r)?.payment?.type === 'CARD',
      );
    },
  } satisfies DraftSide & { owned: unknown };

  /** The side of the caller: an applicant journey role walks the applicant's side, else the organisation's. */
  const sideOf = (request: FastifyRequest): DraftSide =>
    requireUser(request).roles.some((role) => (APPLICANT_JOURNEY_ROLES as readonly string[]).includes(role))
      ? applicant
      : organisation;

  return { organisation, applicant, sideOf };
}
