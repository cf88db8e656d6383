import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPLICANT_PAGE_SIZES,
  APPLICANT_ROLES,
  APPLICATION_STATUSES,
  ORGANISATION_ROLES,
  DEFAULT_FEATURE_FLAGS,
  DEFAULT_PAGE_SIZE,
  organisationTypesFor,
  type FeatureFlags,
  type Role,
} from '@dis/domain';
import { requireUser } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { callerCountersignatory } from '../organisations/service';
import { applicationSummaries } from './service';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const paging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
};

const organisationQuery = z.object({
  applicantName: z.preprocess(emptyToUndefined, z.string().trim().max(130).optional()),
  csgCode: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9]{1,9}$/)
      .optional(),
  ),
  status: z.preprocess(emptyToUndefined, z.enum(APPLICATION_STATUSES).optional()),
  showOrganisationDisclosures: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
  searchedAt: z.string().max(40).optional(),
  ...paging,
});

const applicantQuery = z.object({
  page: paging.page,
  // The applicant dashboard's page sizes (spec 02 section 9): 5, 10, 20 or 30.
  pageSize: z.coerce
    .number()
    .int()
    .refine(
      (n) => (APPLICANT_PAGE_SIZES as readonly number[]).includes(n),
      'Select a page size of 5, 10, 20 or 30',
    )
    .default(APPLICANT_PAGE_SIZES[0]),
});

export async function applicationRoutes(
  app: FastifyInstance,
  { db, clock, features }: { db: Db; clock: Clock; features?: FeatureFlags },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Applications of the countersignatory's organisation, or only their own; never another organisation's.
  r.get(
    '/ags/disclosure-summaries',
    {
      schema: { querystring: organisationQuery },
      config: { access: { roles: ORGANISATION_ROLES }, declaration: true },
    },
    async (request) => {
      const user = requireUser(request);
      const csg = await callerCountersignatory(db, request);
      if (!csg) throw new ApiError(403, 'COUNTERSIGNATORY_EMPTY', 'Your countersignatory record is empty');
      const q = request.query;
      const wholeOrganisation = q.showOrganisationDisclosures !== 'false';
      return applicationSummaries(
        db,
        {
          organisationCode: csg.organisationCode,
          // A LEVEL1_CSG lists only the Level 1 applications of its organisation (spec 01 section 6).
          typeCodes: organisationTypesFor(user.roles as Role[], features ?? DEFAULT_FEATURE_FLAGS),
          ...(wholeOrganisation ? {} : { countersignatoryId: csg.code }),
          ...(q.applicantName ? { applicantName: q.applicantName } : {}),
          ...(q.status ? { status: q.status } : {}),
          // The CSG code filter exists only behind its feature flag (spec 01 section 6).
          ...(q.csgCode && features?.csgCodeFilter ? { csgCode: q.csgCode } : {}),
        },
        { page: q.page, pageSize: q.pageSize },
        clock.now(),
      );
    },
  );

  r.get(
    '/api/draftApplications/applicant-applications-summary',
    { schema: { querystring: applicantQuery }, config: { access: { roles: APPLICANT_ROLES } } },
    async (request) =>
      applicationSummaries(
        db,
        { applicantUserId: requireUser(request).id },
        { page: request.query.page, pageSize: request.query.pageSize },
        clock.now(),
        'applicant',
      ),
  );
}
