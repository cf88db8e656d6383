import type { ApplicationTypeCode, FeedbackRating, PaymentMethod } from '@dis/domain';
import {
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
  type ResponseOf,
} from '@dis/domain/contracts';
import { callEndpoint } from '../../lib/endpoint-client';

// Every call of the journeys in one place (document 1 section 7), each through its domain contract, so the paths
// the API settles on are changed in the contract only.

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
  callEndpoint(createDraftContract, { body: { applicationType } });
const submit = (token: string) =>
  callEndpoint(submitDraftContract, { ...draft(token), body: { agreed: true } });

export const journeyApi = {
  createDraft,
  getDraft: (token: string) => callEndpoint(draftContract, draft(token)),
  saveDraft: (token: string, payload: Record<string, unknown>) =>
    callEndpoint(saveOrganisationDraftContract, { ...draft(token), body: payload }),
  saveApplicantDraft: (token: string, payload: Record<string, unknown>) =>
    callEndpoint(saveApplicantDraftContract, { ...draft(token), body: payload }),
  createApplicantDraft: createDraft,
  link: (uuid: string) => callEndpoint(linkApplicationContract, { body: { uuid } }),
  /** No 401 redirect (document 1 section 7): the page that asks shows what the answer means. */
  handover: (token: string) =>
    callEndpoint(handoverContract, { ...draft(token), suppressUnauthorised: true }),
  submitApplicant: submit,
  submitted: (token: string) => callEndpoint(submittedApplicationContract, draft(token)),
  regulatoryBodies: () => callEndpoint(regulatoryBodiesContract),
  enhancedPersonalDetails: () => callEndpoint(enhancedPersonalDetailsContract),
  submit,
  startPayment: (
    token: string,
    body: { description: string; onlinePaymentType: PaymentMethod; returnUrl: string },
  ): Promise<StartedPayment> => callEndpoint(startPaymentContract, { ...draft(token), body }),
  paymentStatus: (token: string) => callEndpoint(paymentStatusContract, draft(token)),
  complete: (token: string) => callEndpoint(completeApplicationContract, draft(token)),
  costCentres: (organisationCode: string) =>
    callEndpoint(costCentresContract, { params: { id: organisationCode } }),
  feedback: (rating: FeedbackRating, journey: string) =>
    callEndpoint(feedbackContract, { body: { rating, journey } }),
};
