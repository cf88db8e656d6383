import { randomInt, randomUUID } from 'node:crypto';
import {
  addWorkingDays,
  isApplicationTypeCode,
  REPRESENTATIONS_WORKING_DAYS,
  shareExpiryDateFor,
} from '@dis/domain';
import type { ResultPreset } from '@dis/domain/contracts';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import type { ResultsCore } from './core';
import { APPEALABLE_PRESETS, buildPreset, type PresetFacts } from './presets';
import { caseworkFacts } from './rows';
import * as store from './store';
import type { CaseworkResultFacts, IssuedApplication } from './types';

const invalidReleaseDate = (message: string) =>
  new ApiError(400, 'VALIDATION_FAILED', 'There is a problem with the details you sent', {
    scheduledPendingReleaseDate: message,
  });

/** A requested scheduled pending release date must be for an appealable result and in the future. */
function checkReleaseDate(requested: string | undefined, appealable: boolean, dateOfIssue: string) {
  if (requested === undefined) return;
  if (!appealable)
    throw invalidReleaseDate(
      'Only a result with a conviction that can be appealed has a scheduled pending release date',
    );
  if (requested <= dateOfIssue)
    throw invalidReleaseDate('The scheduled pending release date must be in the future');
}

/** Issuing results (casework, inside its transaction) and what casework reads of them. */
export function createResultIssue(core: ResultsCore) {
  const { db, clock, deps } = core;

  return {
    /** Issues a result inside the caller's transaction; throws 400 for a date that does not fit the preset. */
    async issueWithin(
      trx: Db,
      application: IssuedApplication,
      facts: Omit<PresetFacts, 'dateOfIssue' | 'applicationType'>,
      preset: ResultPreset,
      requestedReleaseDate: string | undefined,
    ): Promise<CaseworkResultFacts> {
      const now = clock.now();
      const dateOfIssue = core.today();
      const appealable = APPEALABLE_PRESETS.includes(preset);
      checkReleaseDate(requestedReleaseDate, appealable, dateOfIssue);
      const applicationType = isApplicationTypeCode(application.typeCode) ? application.typeCode : 'LB';
      const built = buildPreset(preset, { ...facts, applicationType, dateOfIssue });
      const basic = built.disclosureTypeShortCode === 'BD';
      const scheduled = appealable
        ? (requestedReleaseDate ?? addWorkingDays(dateOfIssue, REPRESENTATIONS_WORKING_DAYS, deps.isHoliday))
        : null;
      const id = randomUUID();
      // Nothing to appeal: the organisation sees the result at once (a Basic disclosure is the applicant's only).
      const releasedAtIssue = !appealable && !basic && application.organisationCode !== null;
      await store.insertResult(
        trx,
        {
          id,
          application_id: application.id,
          organisation_code: application.organisationCode,
          countersignatory_id: application.countersignatoryId,
          applicant_user_id: application.applicantUserId,
          preset,
          disclosure_type_code: built.disclosureTypeShortCode,
          disclosure_number: String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100, 999)),
          channel: application.channel,
          date_of_issue: dateOfIssue,
          share_expiry_date: shareExpiryDateFor(dateOfIssue),
          shareable: built.shareable,
          is_countersigned: built.isCountersigned,
          is_review_eligible: built.isReviewEligible,
          under_consideration: built.underConsideration,
          has_appealable_convictions: built.content.vettingInformation.convictions.some((c) => c.appealable),
          scheme_membership_number: built.schemeMembershipNumber,
          scheduled_pending_release_date: scheduled,
          released_to_organisation_at: releasedAtIssue ? now : null,
          released_by: releasedAtIssue ? 'issue' : null,
          created_at: now,
        },
        core.seal(id, built.content),
      );
      await deps.versions?.record(trx, id, 'ISSUED');
      const row = await store.findResult(trx, id);
      return caseworkFacts(row!);
    },

    async caseworkFactsFor(applicationId: string): Promise<CaseworkResultFacts | null> {
      const row = await store.findResultByApplication(db, applicationId);
      return row ? caseworkFacts(row) : null;
    },

    async caseworkFactsById(
      id: string,
    ): Promise<{ facts: CaseworkResultFacts; applicationId: string } | null> {
      const row = await store.findResult(db, id);
      return row ? { facts: caseworkFacts(row), applicationId: row.application_id } : null;
    },
  };
}
