import type { ApplicationTypeCode, FeedbackRating, PaymentMethod } from '@dis/domain';
import type {
  completeApplicationContract,
  costCentresContract,
  createDraftContract,
  draftContract,
  enhancedPersonalDetailsContract,
  feedbackContract,
  handoverContract,
  linkApplicationContract,
  paymentStatusContract,
  regulatoryBodiesContract,
  saveApplicantDraftContract,
  saveOrganisationDraftContract,
  startPaymentContract,
  submitDraftContract,
  submittedApplicationContract,
  ResponseOf,
} from '@dis/domain/contracts';
import { callEndpoint, endpointRoute } from '../../lib/endpoint-client';

// Every call of the journeys in one place (document 1 section 7), each through its domain contract, so the paths
// the API settles on are changed in the contract only.

// The routes of the contracts (imported as types only, so no schema reaches a journey page's first download:
// decision 0077); the compiler holds each method and path to its contract's.

const completeApplicationRoute = endpointRoute<typeof completeApplicationContract>({
  method: 'PUT',
  path: '/api/draftApplications/:token/complete',
});
const costCentresRoute = endpointRoute<typeof costCentresContract>({
  method: 'GET',
  path: '/api/costcentres/:id',
});
const createDraftRoute = endpointRoute<typeof createDraftContract>({
  method: 'POST',
  path: '/api/draftApplications',
});
const draftRoute = endpointRoute<typeof draftContract>({
  method: 'GET',
  path: '/api/draftApplications/:token',
});
const enhancedPersonalDetailsRoute = endpointRoute<typeof enhancedPersonalDetailsContract>({
  method: 'GET',
  path: '/api/personal-details/enhanced',
});
const feedbackRoute = endpointRoute<typeof feedbackContract>({ method: 'POST', path: '/api/feedback' });
const handoverRoute = endpointRoute<typeof handoverContract>({
  method: 'GET',
  path: '/api/draftApplications/:token/handover',
});
const linkApplicationRoute = endpointRoute<typeof linkApplicationContract>({
  method: 'POST',
  path: '/api/draftApplications/link/applicant',
});
const paymentStatusRoute = endpointRoute<typeof paymentStatusContract>({
  method: 'GET',
  path: '/api/draftApplications/:token/payment',
});
const regulatoryBodiesRoute = endpointRoute<typeof regulatoryBodiesContract>({
  method: 'GET',
  path: '/api/draftApplications/regulatory-body',
});
const saveApplicantDraftRoute = endpointRoute<typeof saveApplicantDraftContract>({
  method: 'PUT',
  path: '/api/draftApplications/:token/applicant',
});
const saveOrganisationDraftRoute = endpointRoute<typeof saveOrganisationDraftContract>({
  method: 'PUT',
  path: '/api/draftApplications/:token/countersignatory',
});
const startPaymentRoute = endpointRoute<typeof startPaymentContract>({
  method: 'POST',
  path: '/api/draftApplications/:token/payment',
});
const submitDraftRoute = endpointRoute<typeof submitDraftContract>({
  method: 'POST',
  path: '/api/draftApplications/:token/submitted',
});
const submittedApplicationRoute = endpointRoute<typeof submittedApplicationContract>({
  method: 'GET',
  path: '/api/draftApplications/:token/submitted',
});

export type CreatedDraft = ResponseOf<typeof createDraftContract>;
/** What a declaration answers, on either side: whether a card payment follows. */
export type Submission = ResponseOf<typeof submitDraftContract>;
export type ApplicantSubmission = Submission;
/** After POST /link/applicant. */
export type LinkResponse = ResponseOf<typeof linkApplicationContract>;
/** Hand-over data of an organisation-started application (document 2 section 3). */
export type HandoverData = ResponseOf<typeof handoverContract>;

export type RegulatoryBodyOption = ResponseOf<typeof regulatoryBodiesContract>[number];

export type PaymentResponse = ResponseOf<typeof paymentStatusContract>;

/**
 * A started payment: its status and card page. The contract sends no `idVerified` here (the status check does);
 * the pages that read it after a start treat it as absent.
 */
export type StartedPayment = ResponseOf<typeof startPaymentContract> &
  Partial<Pick<PaymentResponse, 'idVerified'>>;

export type CostCentre = ResponseOf<typeof costCentresContract>[number];

const draft = (token: string) => ({ params: { token } });
const createDraft = (applicationType: ApplicationTypeCode) =>
  callEndpoint(createDraftRoute, { body: { applicationType } });
const submit = (token: string) => callEndpoint(submitDraftRoute, { ...draft(token), body: { agreed: true } });

export const journeyApi = {
  createDraft,
  getDraft: (token: string) => callEndpoint(draftRoute, draft(token)),
  saveDraft: (token: string, payload: Record<string, unknown>) =>
    callEndpoint(saveOrganisationDraftRoute, { ...draft(token), body: payload }),
  saveApplicantDraft: (token: string, payload: Record<string, unknown>) =>
    callEndpoint(saveApplicantDraftRoute, { ...draft(token), body: payload }),
  createApplicantDraft: createDraft,
  link: (uuid: string) => callEndpoint(linkApplicationRoute, { body: { uuid } }),
  /** No 401 redirect (document 1 section 7): the page that asks shows what the answer means. */
  handover: (token: string) => callEndpoint(handoverRoute, { ...draft(token), suppressUnauthorised: true }),
  submitApplicant: submit,
  submitted: (token: string) => callEndpoint(submittedApplicationRoute, draft(token)),
  regulatoryBodies: () => callEndpoint(regulatoryBodiesRoute),
  enhancedPersonalDetails: () => callEndpoint(enhancedPersonalDetailsRoute),
  submit,
  startPayment: (
    token: string,
    body: { description: string; onlinePaymentType: PaymentMethod; returnUrl: string },
  ): Promise<StartedPayment> => callEndpoint(startPaymentRoute, { ...draft(token), body }),
  paymentStatus: (token: string) => callEndpoint(paymentStatusRoute, draft(token)),
  complete: (token: string) => callEndpoint(completeApplicationRoute, draft(token)),
  costCentres: (organisationCode: string) =>
    callEndpoint(costCentresRoute, { params: { id: organisationCode } }),
  feedback: (rating: FeedbackRating, journey: string) =>
    callEndpoint(feedbackRoute, { body: { rating, journey } }),
};
