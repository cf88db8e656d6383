import type { ApplicantJourneyId } from '../codes';
import { APPLICANT_STARTABLE_TYPES } from '../codes';
import { applicantJourneyForType } from '../rules/journey-types';

// A module of its own, apart from applicant.ts: a page that only asks whether a journey's start page creates the
// draft (the landing page, shared by both sides' journey pages) does not load the applicant journeys' steps.

/**
 * Journeys whose start page creates the draft (POST /api/draftApplications): those of the types an applicant
 * starts, as the journey table routes an application the applicant started.
 */
export const DRAFT_CREATING_APPLICANT_JOURNEYS: readonly ApplicantJourneyId[] =
  APPLICANT_STARTABLE_TYPES.flatMap(
    (type) => applicantJourneyForType(type, { organisationInitiated: false }) ?? [],
  );
