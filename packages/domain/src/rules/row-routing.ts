import { isApplicationStatus, type ApplicationStatus, type ApplicationTypeCode } from '../codes';
import { applicantJourneyForType } from './journey-types';

export const NOT_FOUND_PATH = '/not-found';
export const APPLICANT_DASHBOARD_PATH = '/applicant/dashboard';

/** URL form of a status in /application/{token}/{status}: kebab-case of the code (`with-applicant`). */
export function statusSlug(status: ApplicationStatus): string {
  return status.toLowerCase().replaceAll('_', '-');
}

export function statusFromSlug(slug: string): ApplicationStatus | null {
  const code = slug.toUpperCase().replaceAll('-', '_');
  return isApplicationStatus(code) ? code : null;
}

const enc = encodeURIComponent;

export function applicationDetailsPath(applicationToken: string, status: ApplicationStatus): string {
  return `/application/${enc(applicationToken)}/${statusSlug(status)}`;
}

export function organisationResultPath(orgCode: string, resultId: string): string {
  return `/organisation/${enc(orgCode)}/results/${enc(resultId)}`;
}

export function viewResultConfirmationPath(resultId: string): string {
  return `/view-result-confirmation?resultId=${enc(resultId)}`;
}

/** The landing page (first step) of an applicant journey for a handed-over draft. */
export function applicantLandingPath(journeyId: string, draftApplicationToken: string): string {
  return `/applicant-apply/${journeyId}/start?token=${enc(draftApplicationToken)}`;
}

export function applicantResultPath(resultId: string, type: ApplicationTypeCode | null | undefined): string {
  return type === 'BD' ? `/results/${enc(resultId)}/basic` : `/results/${enc(resultId)}`;
}

export interface OrganisationRow {
  /** Application token (applications list) or result id (results summary). */
  id?: string | null;
  status: ApplicationStatus;
  /** Result id when the row is an application that has one; falls back to `id`. */
  resultId?: string | null;
  orgCode: string;
}

/**
 * Where a row of the organisation lists leads; null means the row is plain text (section 4).
 * Statuses the spec does not list for organisations: READY_TO_START goes to the application details
 * like WITH_APPLICANT; REVIEW_REQUESTED and RESULT_SHARED are plain text.
 */
export function organisationRowPath(row: OrganisationRow): string | null {
  const plainText: readonly ApplicationStatus[] = [
    'RESULT_ISSUED',
    'TERMINATED',
    'B2B_SUBMITTED',
    'REVIEW_REQUESTED',
    'RESULT_SHARED',
  ];
  if (plainText.includes(row.status)) return null;
  if (!row.id) return NOT_FOUND_PATH;
  const resultId = row.resultId || row.id;
  switch (row.status) {
    case 'RESULT_READY':
      return viewResultConfirmationPath(resultId);
    case 'RESULT_VIEWED':
      return organisationResultPath(row.orgCode, resultId);
    case 'PAYMENT_FAILED':
      return `/applicant-payment-failed?id=${enc(row.id)}`;
    default:
      // WITH_APPLICANT, SUBMITTED, EXPIRED, READY_TO_START
      return applicationDetailsPath(row.id, row.status);
  }
}

export interface ApplicantRow {
  /** Draft application token, or result id for rows that are results. */
  id?: string | null;
  status: ApplicationStatus;
  type: ApplicationTypeCode;
  resultId?: string | null;
  /** The result's disclosure type when it differs from the application's (a Basic result opens the basic page). */
  resultType?: ApplicationTypeCode | null;
  /** Whether an organisation started the application (handover journeys). */
  organisationInitiated: boolean;
  /** The organisation's payment type at hand-over (it decides between the two Level 2 journeys). */
  onlinePaymentType?: string | null;
}

/**
 * Where a row of the applicant dashboard leads; null for plain text. Section 4 of document 2 lists
 * most statuses; WITH_APPLICANT continues the journey like READY_TO_START, B2B_SUBMITTED shows the
 * submitted details like SUBMITTED, and RESULT_ISSUED (not yet ready to the applicant) is plain text.
 */
export function applicantRowPath(row: ApplicantRow): string | null {
  if (row.status === 'RESULT_ISSUED') return null;
  if (!row.id) return NOT_FOUND_PATH;
  switch (row.status) {
    case 'READY_TO_START':
    case 'WITH_APPLICANT': {
      const journey = applicantJourneyForType(row.type, row);
      return journey ? applicantLandingPath(journey, row.id) : NOT_FOUND_PATH;
    }
    case 'SUBMITTED':
    case 'B2B_SUBMITTED':
      return `/submitted/${enc(row.id)}`;
    case 'EXPIRED':
      return '/application-expired';
    case 'TERMINATED':
      return '/application-terminated';
    case 'PAYMENT_FAILED': {
      const journey = applicantJourneyForType(row.type, row);
      return journey ? `/applicant-apply/${journey}/payment/error?token=${enc(row.id)}` : NOT_FOUND_PATH;
    }
    default:
      // RESULT_READY, RESULT_VIEWED, RESULT_SHARED, REVIEW_REQUESTED
      return applicantResultPath(row.resultId || row.id, row.resultType ?? row.type);
  }
}

export interface ApplicantLinkResponse {
  status: string;
  disclosureTypeShortCode: string | null;
  draftApplicationToken: string | null;
  /** The organisation's payment type (hand-over data); it decides between the two Level 2 journeys. */
  onlinePaymentType?: string | null;
}

/** After POST /link/applicant: a ready draft opens its journey's landing page, anything else the dashboard. */
export function applicantRedirectPath(link: ApplicantLinkResponse): string {
  if (link.status !== 'READY_TO_START' || !link.draftApplicationToken) return APPLICANT_DASHBOARD_PATH;
  const type = link.disclosureTypeShortCode as ApplicationTypeCode;
  const journey = applicantJourneyForType(type, {
    organisationInitiated: true,
    onlinePaymentType: link.onlinePaymentType,
  });
  return journey ? applicantLandingPath(journey, link.draftApplicationToken) : APPLICANT_DASHBOARD_PATH;
}
