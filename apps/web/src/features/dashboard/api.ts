import { applicationDetailsContract, type ResponseOf } from '@dis/domain/contracts';
import { callEndpoint } from '../../lib/endpoint-client';

/** The countersignatory's answers the details page shows (the contract passes them through as a loose object). */
interface CountersignatoryAnswers {
  applicantName: string | null;
  applicantDateOfBirth: string | null;
  applicantEmail: string | null;
  workforces: string[] | null;
  roleDetails: {
    position?: string;
    volunteerForQualifyingOrganisation?: boolean;
    organisationName?: string;
  } | null;
  csgAnotherOrganisation: {
    isCsgForAnotherOrganisation?: boolean;
    organisationName?: string;
    organisationEmail?: string;
  } | null;
  onlinePaymentType: string | null;
  invoiceSubAccountCode: string | null;
}

/** Application details (section 3) for /application/{applicationToken}/{status}. */
export type ApplicationDetails = ResponseOf<typeof applicationDetailsContract> & {
  countersignatory: CountersignatoryAnswers;
};

export const fetchApplicationDetails = (token: string) =>
  callEndpoint(applicationDetailsContract, { params: { token } }) as Promise<ApplicationDetails>;
