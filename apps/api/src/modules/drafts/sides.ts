import type { FastifyRequest } from 'fastify';
import type { ApplicationTypeCode, FeatureFlags } from '@dis/domain';
import type {
  createDraftContract,
  draftContract,
  paymentStatusContract,
  ResponseOf,
  startPaymentContract,
  submitDraftContract,
} from '@dis/domain/contracts';
import { requireUser, requestCaller } from '../../platform/access';
import { ApiError } from '../../platform/errors';
import type { Application } from '../applications/service';
import type { HandoverDeps } from '../handover/service';
import { isSafeReturnPath, paymentStatus, startPayment, type PaymentTarget } from '../payments/service';
import {
  APPLICANT_JOURNEY_ROLES,
  applicantDraftView,
  applicantOwnership,
  applicantPartOf,
  applicantPaymentTarget,
  createApplicantDraft,
} from './applicant';
import { saveApplicantDraft } from './applicant-save';
import { submitApplicantDraft } from './applicant-submit';
import { submittedView } from './applicant-submitted';
import { auditDeclaration, draftCore, draftOf, type DraftCore } from './core';
import { checkDateOfBirth } from './date-of-birth';
import { createDraft, draftView, organisationOwnership, organisationPaymentTarget } from './organisation';
import { saveDraft } from './organisation-save';
import { submitDraft } from './organisation-submit';

/**
 * The draft API of spec section 7 that both sides call on the same paths: one interface, an organisation and an
 * applicant implementation on the one core (`core.ts`: each reads the caller's own draft once, checking that it
 * is theirs and that their role may reach its type; anything else is "not found", audited), and the caller's role
 * picks one (`sideOf`).
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

/** The card payment of a draft the caller owns: only to a path on this site. */
async function pay(
  deps: HandoverDeps,
  target: PaymentTarget,
  owner: { user: { id: string }; row: Application },
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

/** The countersignatory's side. */
function organisationSide(core: DraftCore, { handover: deps, features }: DraftSideDeps) {
  const { db, clock } = deps;
  const side = organisationOwnership(db, () => clock.now());
  const owned = (request: FastifyRequest, token: string) => core.owned(side, request, token);
  return {
    owned,
    async create(request, applicationType) {
      // The organisation always names the type: none is refused as an unknown one.
      return createDraft(
        db,
        await side.caller(request),
        applicationType ?? '',
        features,
        clock.now(),
        request.id,
      );
    },
    async view(request, token) {
      return draftView((await owned(request, token)).row, clock.now());
    },
    async save(request: FastifyRequest, token: string, body: unknown) {
      const now = clock.now();
      return core.change(side, request, token, (own, trx) => saveDraft(trx, own, body, now));
    },
    async submit(request, token, agreed) {
      const now = clock.now();
      const result = await core.change(side, request, token, (own, trx) =>
        submitDraft(trx, own, agreed, now),
      );
      const by = requestCaller(request);
      return auditDeclaration(db, 'application.declaration_signed', by, result);
    },
    async startPayment(request, token, returnUrl) {
      return pay(deps, organisationPaymentTarget, await owned(request, token), returnUrl, request);
    },
    async paymentStatus(request, token) {
      const { user, row } = await owned(request, token);
      return paymentStatus(
        deps,
        organisationPaymentTarget,
        row,
        user.id,
        request.id,
        (r) => draftOf(r).payment?.type === 'CARD_CSG',
      );
    },
  } satisfies DraftSide & Record<string, unknown>;
}

/** The applicant's side: their own application, linked from an organisation's email or started by them. */
function applicantSide(core: DraftCore, { handover: deps, features }: DraftSideDeps) {
  const { db, clock } = deps;
  const owned = (request: FastifyRequest, token: string) => core.owned(applicantOwnership, request, token);
  return {
    owned,
    async create(request, applicationType) {
      // No body, or no type named: the applicant-only Level 1 application (spec 01 section 7; decision 0008).
      const type = applicationType ?? APPLICANT_ONLY_TYPE;
      return createApplicantDraft(db, requireUser(request), type, features, clock.now(), request.id);
    },
    async view(request, token) {
      const { row } = await owned(request, token);
      return applicantDraftView(row, row.part, clock.now());
    },
    async save(request: FastifyRequest, token: string, body: unknown) {
      const now = clock.now();
      const hooks = {
        checkDateOfBirth: (trx: typeof db, dateOfBirth: Parameters<typeof checkDateOfBirth>[2]) =>
          checkDateOfBirth(trx, requireUser(request).id, dateOfBirth, now, request.id),
      };
      const outcome = await core.change(applicantOwnership, request, token, (own, trx) =>
        saveApplicantDraft(trx, own, body, now, hooks),
      );
      if ('refused' in outcome) throw outcome.refused;
      return outcome.view;
    },
    async submit(request, token, agreed) {
      const now = clock.now();
      const result = await core.change(applicantOwnership, request, token, (own, trx) =>
        submitApplicantDraft(trx, own, agreed, now),
      );
      const by = requestCaller(request);
      const status = result.submission.status;
      return auditDeclaration(db, 'application.applicant_declaration', by, result, { status });
    },
    async submitted(request: FastifyRequest, token: string) {
      const { row } = await owned(request, token);
      return submittedView(row, row.part);
    },
    async startPayment(request, token, returnUrl) {
      const owner = await owned(request, token);
      return pay(deps, applicantPaymentTarget(owner.user.assuranceLevel), owner, returnUrl, request);
    },
    async paymentStatus(request, token) {
      const { user, row } = await owned(request, token);
      return paymentStatus(
        deps,
        applicantPaymentTarget(user.assuranceLevel),
        row,
        user.id,
        request.id,
        (r) => applicantPartOf(r)?.payment?.type === 'CARD',
      );
    },
  } satisfies DraftSide & Record<string, unknown>;
}

/** The two sides on one core, and the side of a caller. */
export function draftSides(deps: DraftSideDeps) {
  const core = draftCore({ db: deps.handover.db, features: deps.features });
  const organisation = organisationSide(core, deps);
  const applicant = applicantSide(core, deps);

  /** The side of the caller: an applicant journey role walks the applicant's side, else the organisation's. */
  const sideOf = (request: FastifyRequest): DraftSide =>
    requireUser(request).roles.some((role) => (APPLICANT_JOURNEY_ROLES as readonly string[]).includes(role))
      ? applicant
      : organisation;

  return { organisation, applicant, sideOf };
}
