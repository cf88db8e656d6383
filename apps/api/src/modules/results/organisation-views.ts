import { messageText, organisationResultStatus } from '@dis/domain';
import type { ResponseOf, Result, organisationResultsSummaryContract } from '@dis/domain/contracts';
import { ApiError } from '../../platform/errors';
import { LEVEL1_TYPES, resultNotFound, type ResultsCore } from './core';
import { summaryOf } from './rows';
import * as store from './store';
import type { OrganisationCaller } from './types';

export interface OrganisationResultsQuery {
  applicantName?: string | undefined;
  csgCode?: string | undefined;
  dateOfIssue?: string | undefined;
  viewedStatus?: 'VIEWED' | 'NOT_VIEWED' | undefined;
  userId?: string | undefined;
  page: number;
  pageSize: number;
}

/** The organisation's side of reading results: its summary and a result released to it. */
export function createOrganisationResultViews(core: ResultsCore) {
  const { db, clock, audit } = core;

  return {
    async organisationSummary(
      caller: OrganisationCaller,
      orgCode: string,
      query: OrganisationResultsQuery,
    ): Promise<ResponseOf<typeof organisationResultsSummaryContract>> {
      if (orgCode !== caller.organisationCode) throw resultNotFound();
      if (query.dateOfIssue && query.dateOfIssue > core.today()) {
        throw new ApiError(400, 'VALIDATION_FAILED', 'There is a problem with the details you sent', {
          dateOfIssue: messageText('resultsFilter.dateOfIssue.future'),
        });
      }
      const { rows, total, totalIsLowerBound } = await store.listOrganisationResults(
        db,
        {
          organisationCode: caller.organisationCode,
          ...(query.userId !== undefined ? { countersignatoryId: caller.countersignatoryId } : {}),
          ...(caller.role === 'LEVEL1_CSG' ? { applicationTypes: LEVEL1_TYPES } : {}),
          ...(query.applicantName ? { applicantName: query.applicantName } : {}),
          ...(query.csgCode ? { csgCode: query.csgCode } : {}),
          ...(query.dateOfIssue ? { dateOfIssue: query.dateOfIssue } : {}),
          ...(query.viewedStatus ? { viewedStatus: query.viewedStatus } : {}),
        },
        query.page,
        query.pageSize,
      );
      return {
        totalElements: total,
        // Only past the count's bound: "more than totalElements" (docs/decisions/0024-fast-lists.md).
        ...(totalIsLowerBound ? { totalIsLowerBound: true as const } : {}),
        summaries: rows.map((row) => ({
          ...summaryOf(row),
          csgCode: row.countersignatory_code,
          viewedStatus: row.organisation_viewed_at ? 'VIEWED' : 'NOT_VIEWED',
          status: organisationResultStatus({
            releasedToOrganisation: true,
            organisationViewed: row.organisation_viewed_at !== null,
          }),
        })),
      };
    },

    /** A result released to the caller's organisation; records the organisation's first view. */
    async organisationResult(caller: OrganisationCaller, orgCode: string, id: string): Promise<Result> {
      const row = await store.findResult(db, id);
      const application = row ? await store.applicationOf(db, row.application_id) : undefined;
      const visible =
        row &&
        application &&
        orgCode === caller.organisationCode &&
        row.organisation_code === caller.organisationCode &&
        row.released_to_organisation_at !== null &&
        (caller.role !== 'LEVEL1_CSG' || (LEVEL1_TYPES as readonly string[]).includes(application.type_code));
      if (!visible) {
        await audit('result.viewed', 'refused', caller, {
          resultId: id,
          side: 'organisation',
          reason: 'not_found',
        });
        throw resultNotFound();
      }
      const { first, fresh } = await core.recordFirstView(row, 'organisation_viewed_at', {
        organisation_viewed_at: clock.now(),
        organisation_viewed_by: caller.countersignatoryId,
      });
      await audit('result.viewed', 'success', caller, {
        resultId: row.id,
        side: 'organisation',
        organisationCode: caller.organisationCode,
        first,
      });
      return core.view(
        fresh,
        await core.readContent(fresh),
        organisationResultStatus({ releasedToOrganisation: true, organisationViewed: true }),
        application.reference,
      );
    },
  };
}
