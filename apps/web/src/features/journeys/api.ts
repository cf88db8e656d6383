import type { ApplicationTypeCode, FeedbackRating, PaymentMethod } from '@dis/domain';
import { api } from '../../lib/api-client';

// Every call of the organisation journeys in one place (document 1 section 7), so the paths the API
// settles on are changed here only.

const enc = encodeURIComponent;
const draftPath = (token: string) => `/api/draftApplications/${enc(token)}`;

export interface CreatedDraft {
  draftApplicationToken: string;
  applicationReference: string;
}

export interface Submission {
  applicationReference: string;
  onlinePaymentType: PaymentMethod;
  paymentStatus: string;
  /** Pence; 0 when free. */
  amount: number;
  /** The organisation pays by card now: the payment page follows. */
  cardPaymentRequired: boolean;
}

/** What the applicant's submission says (document 2 section 7): whether a card payment follows. */
export interface ApplicantSubmission {
  applicationReference?: string;
  onlinePaymentType?: PaymentMethod;
  paymentType?: PaymentMethod;
  cardPaymentRequired?: boolean;
  idVerified?: boolean | null;
}

/** After POST /link/applicant. */
export interface LinkResponse {
  status: string;
  disclosureTypeShortCode: string | null;
  draftApplicationToken: string | null;
}

/** Hand-over data of an organisation-started application (document 2 section 3). */
export interface HandoverData {
  draftApplicationToken?: string;
  applicationReference?: string | null;
  applicationTypeCode?: string | null;
  onlinePaymentType?: PaymentMethod | null;
  roleDetails?: {
    position?: string;
    organisationName?: string;
    volunteerForQualifyingOrganisation?: boolean;
  } | null;
  workforces?: string[] | null;
  otherOrganisationName?: string | null;
  organisationName?: string | null;
}

export interface RegulatoryBodyOption {
  code: string;
  name: string;
}

export interface PaymentResponse {
  status: string;
  nextUrl?: string | null;
  idVerified?: boolean | null;
}

export interface CostCentre {
  costCentreCode: string;
}

export const journeyApi = {
  createDraft: (applicationType: ApplicationTypeCode) =>
    api.post<CreatedDraft>('/api/draftApplications', { applicationType }),
  getDraft: (token: string) => api.get<unknown>(draftPath(token)),
  saveDraft: (token: string, payload: Record<string, unknown>) =>
    api.put<unknown>(`${draftPath(token)}/countersignatory`, payload),
  saveApplicantDraft: (token: string, payload: Record<string, unknown>) =>
    api.put<unknown>(`${draftPath(token)}/applicant`, payload),
  createApplicantDraft: (applicationType: ApplicationTypeCode) =>
    api.post<CreatedDraft>('/api/draftApplications', { applicationType }),
  link: (uuid: string) => api.post<LinkResponse>('/api/draftApplications/link/applicant', { uuid }),
  handover: (token: string) => api.get<HandoverData>(`${draftPath(token)}/handover`),
  submitApplicant: (token: string) =>
    api.post<ApplicantSubmission>(`${draftPath(token)}/submitted`, { agreed: true }),
  submitted: (token: string) => api.get<Record<string, unknown>>(`${draftPath(token)}/submitted`),
  regulatoryBodies: () => api.get<RegulatoryBodyOption[]>('/api/draftApplications/regulatory-body'),
  enhancedPersonalDetails: () => api.get<Record<string, unknown>>('/api/personal-details/enhanced'),
  submit: (token: string) => api.post<Submission>(`${draftPath(token)}/submitted`, { agreed: true }),
  startPayment: (
    token: string,
    body: { description: string; onlinePaymentType: PaymentMethod; returnUrl: string },
  ) => api.post<PaymentResponse>(`${draftPath(token)}/payment`, body),
  paymentStatus: (token: string) => api.get<PaymentResponse>(`${draftPath(token)}/payment`),
  complete: (token: string) =>
    api.put<{ applicationReference: string; applicantName: string | null }>(
      `${draftPath(token)}/complete`,
      {},
    ),
  costCentres: (organisationCode: string) =>
    api.get<CostCentre[]>(`/api/costcentres/${enc(organisationCode)}`),
  feedback: (rating: FeedbackRating, journey: string) =>
    api.post<unknown>('/api/feedback', { rating, journey }),
};
