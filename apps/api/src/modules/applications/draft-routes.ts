import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPLICANT_ROLES,
  ORGANISATION_ROLES,
  REGULATORY_BODIES,
  ROLES,
  addressPostcodeSearchSchema,
  feedbackPayloadSchema,
  fieldErrorsFrom,
  mayReachApplication,
  type FeatureFlags,
  type Role,
} from '@dis/domain';
import { refuse, requireUser } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { ApiError } from '../../platform/errors';
import { assertStrictBody } from '../../platform/input';
import { AddressProviderUnavailable, type AddressLookup } from '../../integrations/address/types';
import { declarationStatus } from '../declaration/service';
import {
  APPLICANT_JOURNEY_ROLES,
  applicantDraftView,
  applicantPaymentTarget,
  createApplicantDraft,
  linkApplication,
  linkBody,
  ownedByApplicant,
  saveApplicantDraft,
  submitApplicantDraft,
  submittedView,
} from './applicant-drafts';
import {
  completeApplication,
  isSafeReturnPath,
  organisationPaymentTarget,
  paymentStatus,
  startPayment,
  type HandoverDeps,
} from './completion';
import { checkDateOfBirth } from './dob-check';
import { findApplication, findApplicationByLinkId, DRAFT_STATUS, type ApplicationRow } from './draft-store';
import {
  applicationDetails,
  countersignatoryOf,
  createDraft,
  createDraftBody,
  draftView,
  handoverData,
  isExpired,
  ownedApplication,
  saveDraft,
  submitBody,
  submitDraft,
  DRAFT_TOKEN_PATTERN,
  draftNotFound,
  draftOf,
  validationFailed,
} from './drafts';

export interface DraftRouteOptions extends Omit<HandoverDeps, 'log'> {
  features: FeatureFlags;
  address: AddressLookup;
  feedbackUrl: string | undefined;
}

const tokenParams = z.object({ token: z.string().min(1).max(100) });
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const paymentBody = z.object({
  description: z.string().max(250).optional(),
  onlinePaymentType: z.string().max(20).optional(),
  returnUrl: z.string({ error: 'Enter a valid value' }).max(500),
});

/**
 * The organisation application API (spec 01 section 7). Every draft route checks that the draft
 * belongs to the caller's organisation; any other draft is "not found".
 */
export async function draftApplicationRoutes(
  app: FastifyInstance,
  options: DraftRouteOptions,
): Promise<void> {
  const { db, clock, features, address } = options;
  const deps: HandoverDeps = { ...options, log: app.log };
  const r = app.withTypeProvider<ZodTypeProvider>();
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

  r.post(
    '/api/draftApplications',
    { schema: { body: createDraftBody }, config: bothSides },
    async (request, reply) => {
      const { applicationType } = request.body;
      const created = isApplicantCaller(request)
        ? await createApplicantDraft(
            db,
            requireUser(request),
            applicationType,
            features,
            clock.now(),
            request.id,
          )
        : await createDraft(
            db,
            await organisationCaller(request),
            applicationType,
            features,
            clock.now(),
            request.id,
          );
      return reply.status(201).send(created);
    },
  );

  // Static paths before /:token (find-my-way prefers them whatever the order; kept here to be read first).
  r.get('/api/draftApplications/regulatory-body', { config: { access: { roles: ROLES } } }, async () =>
    REGULATORY_BODIES.map(({ code, name }) => ({ code, name })),
  );

  r.post(
    '/api/draftApplications/link/applicant',
    { schema: { body: linkBody }, config: applicantOnly },
    async (request) =>
      linkApplication(db, requireUser(request), request.body.uuid, clock.now(), request.id, features),
  );

  r.get(
    '/api/draftApplications/:token',
    { schema: { params: tokenParams }, config: bothSides },
    async (request) => {
      if (isApplicantCaller(request)) {
        const { row } = await ownedByCaller(request, request.params.token);
        return applicantDraftView(row, row.part, clock.now());
      }
      return draftView((await owned(request, request.params.token)).row);
    },
  );

  r.put(
    '/api/draftApplications/:token/countersignatory',
    { schema: { params: tokenParams }, config: organisation },
    async (request) => {
      const { user } = await owned(request, request.params.token);
      return saveDraft(db, user, request.params.token, request.body, clock.now());
    },
  );

  r.put(
    '/api/draftApplications/:token/applicant',
    { schema: { params: tokenParams }, config: applicantOnly },
    async (request) => {
      const { user } = await ownedByCaller(request, request.params.token);
      const now = clock.now();
      return saveApplicantDraft(db, user, request.params.token, request.body, now, {
        checkDateOfBirth: (dateOfBirth) => checkDateOfBirth(db, user.id, dateOfBirth, now, request.id),
      });
    },
  );

  r.post(
    '/api/draftApplications/:token/submitted',
    { schema: { params: tokenParams, body: submitBody }, config: bothSides },
    async (request) => {
      if (isApplicantCaller(request)) {
        const { user } = await ownedByCaller(request, request.params.token);
        return submitApplicantDraft(
          db,
          user,
          request.params.token,
          request.body.agreed,
          clock.now(),
          request.id,
        );
      }
      const { user } = await owned(request, request.params.token);
      return submitDraft(db, user, request.params.token, request.body.agreed, clock.now(), request.id);
    },
  );

  r.get(
    '/api/draftApplications/:token/submitted',
    { schema: { params: tokenParams }, config: applicantOnly },
    async (request) => {
      const { row } = await ownedByCaller(request, request.params.token);
      return submittedView(row, row.part);
    },
  );

  r.post(
    '/api/draftApplications/:token/payment',
    { schema: { params: tokenParams, body: paymentBody }, config: bothSides },
    async (request) => {
      const applicant = isApplicantCaller(request);
      const { user, row } = applicant
        ? await ownedByCaller(request, request.params.token)
        : await owned(request, request.params.token);
      if (!isSafeReturnPath(request.body.returnUrl)) {
        throw new ApiError(400, 'VALIDATION_FAILED', 'There is a problem with the details you sent', {
          returnUrl: 'Enter a valid value',
        });
      }
      const target = applicant ? applicantPaymentTarget(user.assuranceLevel) : organisationPaymentTarget;
      const { status, nextUrl } = await startPayment(
        deps,
        target,
        row,
        request.body.returnUrl,
        user.id,
        request.id,
      );
      return { status, nextUrl };
    },
  );

  r.get(
    '/api/draftApplications/:token/payment',
    { schema: { params: tokenParams }, config: bothSides },
    async (request) => {
      if (isApplicantCaller(request)) {
        const { user, row } = await ownedByCaller(request, request.params.token);
        return paymentStatus(
          deps,
          applicantPaymentTarget(user.assuranceLevel),
          row,
          user.id,
          request.id,
          (r) => (r.applicant_data as { payment?: { type?: string } } | null)?.payment?.type === 'CARD',
        );
      }
      const { user, row } = await owned(request, request.params.token);
      return paymentStatus(
        deps,
        organisationPaymentTarget,
        row,
        user.id,
        request.id,
        (r) => draftOf(r).payment?.type === 'CARD_CSG',
      );
    },
  );

  r.put(
    '/api/draftApplications/:token/complete',
    { schema: { params: tokenParams }, config: organisation },
    async (request) => {
      const { user, row } = await owned(request, request.params.token);
      return completeApplication(deps, row, user.id, request.id);
    },
  );

  // Hand-over data. Organisation users: by draft token, own organisation only. Applicants: by the link
  // identifier of the email (a UUID), while the application is not linked to someone else.
  r.get(
    '/api/draftApplications/:token/handover',
    {
      schema: { params: tokenParams },
      config: { access: { roles: [...ORGANISATION_ROLES, ...APPLICANT_ROLES] } },
    },
    async (request) => {
      const user = requireUser(request);
      const token = request.params.token;
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

  r.get(
    '/api/application/:token',
    { schema: { params: tokenParams }, config: organisation },
    async (request) => applicationDetails((await owned(request, request.params.token)).row),
  );

  // Postcode lookup (OS Places shape), checked before the provider is called.
  r.get(
    '/api/addressService/addresses',
    {
      schema: { querystring: z.object({ postcode: z.string().max(40).optional() }) },
      config: { access: { roles: ROLES } },
    },
    async (request) => {
      const parsed = addressPostcodeSearchSchema.safeParse({ postcode: request.query.postcode });
      if (!parsed.success) {
        throw validationFailed(fieldErrorsFrom(parsed.error));
      }
      let found;
      try {
        found = await address.byPostcode(parsed.data.postcode);
      } catch (error) {
        if (!(error instanceof AddressProviderUnavailable))
          request.log.error({ err: error }, 'address lookup');
        throw new ApiError(
          503,
          'POSTCODE_RESULTS_UNAVAILABLE',
          'Postcode results are unavailable. Enter the address manually.',
        );
      }
      if (!found.results?.length)
        throw new ApiError(404, 'NO_ADDRESSES_FOR_POSTCODE', 'No addresses found for that postcode');
      return found;
    },
  );

  // Feedback rating from a confirmation page: to the survey service when configured, else stored here.
  r.post('/api/feedback', { config: { access: { roles: ROLES } } }, async (request, reply) => {
    const parsed = feedbackPayloadSchema.safeParse(assertStrictBody(feedbackPayloadSchema, request.body));
    if (!parsed.success) {
      throw validationFailed(fieldErrorsFrom(parsed.error));
    }
    if (options.feedbackUrl) {
      try {
        await fetch(options.feedbackUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(parsed.data),
          signal: AbortSignal.timeout(5000),
        });
      } catch (error) {
        request.log.error({ err: error }, 'feedback post failed');
        throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'Sorry, there is a problem with the service');
      }
    } else {
      await db
        .insertInto('feedback')
        .values({ rating: parsed.data.rating, journey: parsed.data.journey, created_at: clock.now() })
        .execute();
    }
    await writeAudit(db, {
      event: 'feedback.sent',
      outcome: 'success',
      userId: requireUser(request).id,
      requestId: request.id,
      detail: { journey: parsed.data.journey },
    });
    return reply.status(204).send();
  });
}
