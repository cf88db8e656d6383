import { api } from '../../lib/api-client';

/** Application details (section 3) for /application/{applicationToken}/{status}. */
export interface ApplicationDetails {
  id: string;
  applicationReference: string;
  status: string;
  handoverComplete: boolean;
  applicationTypeCode: string;
  created: string;
  statusLastChanged: string;
  expiredDurationDays: number | null;
  countersignatory: {
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
  };
  /** The applicant's hand-over email: null before the hand-over. */
  handoverEmail: 'PENDING' | 'SENT' | 'DELIVERED' | 'NOT_DELIVERED' | null;
}

export const fetchApplicationDetails = (token: string) =>
  api.get<ApplicationDetails>(`/api/application/${encodeURIComponent(token)}`);
