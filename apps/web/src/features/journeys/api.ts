import type { ApplicationTypeCode, FeedbackRating, PaymentMethod } from '@dis/domain';
import type {
  costCentresContract,
  createDraftContract,
  enhancedPersonalDetailsContract,
  handoverContract,
  linkApplicationContract,
  submitDraftContract,
} from '@dis/domain/contracts';
import { feedbackContract, regulatoryBodiesContract, type ResponseOf } from '@dis/domain/contracts';
import { api } from '../../lib/api-client';
import { callEndpoint } from '../../lib/endpoint-client';

// Every call of the organisation journeys in one place (document 1 section 7), so the paths the API
// settles on are changed here only.

const enc = encodeURIComponent;
const draftPath = (token: string) => `/api/draftApplications/${enc(token)}`;

export type CreatedDraft = ResponseOf<typeof createDraftContract>;
/** What a declaration answers, on either side: whether a card payment follows. */
export type Submission = ResponseOf<typeof submitDraftContract>;
export type ApplicantSubmission = Submission;
/** After POST /link/applicant. */
export type LinkResponse = ResponseOf<typeof linkApplicationContract>;
/** Hand-over data of an organisation-started application (document 2 section 3). */
export type HandoverData = ResponseOf<typeof handoverContract>;

export type RegulatoryBodyOption = ResponseOf<typeof regulatoryBodiesContract>[number];

export interface PaymentResponse {
  status: string;
  nextUrl?: string | null;
  idVerified?: boolean | null;
}

export type CostCentre = ResponseOf<typeof costCentresContract>[number];

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
  /** No 401 redirect (document 1 section 7): the page that asks shows what the answer means. */
  handover: (token: string) =>
    api.get<HandoverData>(`${draftPath(token)}/handover`, { suppressUnauthorised: true }),
  submitApplicant: (token: string) =>
    api.post<ApplicantSubmission>(`${draftPath(token)}/submitted`, { agreed: true }),
  submitted: (token: string) => api.get<Record<string, unknown>>(`${draftPath(token)}/submitted`),
  regulatoryBodies: () => callEndpoint(regulatoryBodiesContract),
  enhancedPersonalDetails: () =>
    api.get<ResponseOf<typeof enhancedPersonalDetailsContract>>('/api/personal-details/enhanced'),
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
    callEndpoint(feedbackContract, { body: { rating, journey } }),
};
