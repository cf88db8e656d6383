import { describe, expectTypeOf, it } from 'vitest';
import type { PaymentMethod, PaymentStatus, WhoPays } from '../codes';
import type {
  AddressAnswer,
  DatePartsAnswer,
  OrganisationDraft,
  PersonNameAnswer,
  RoleDetailsAnswer,
  SchemeInfoAnswer,
} from './answers';

// The organisation draft as it was written by hand before it was inferred from the page table
// (ORGANISATION_ANSWERS): the inferred type must stay exactly this, so the API and the web compile against the
// same draft. A page whose answer changes shape fails `npm run typecheck` here.
interface HandWrittenOrganisationDraft {
  id?: string;
  applicationReference?: string;
  confirmRoleQualifies?: boolean;
  verified?: boolean;
  /** Written by hand in the envelope, not asked by a page. */
  registeredBody?: OrganisationDraft['registeredBody'];
  anotherOrganisation?: {
    isCsgForAnotherOrganisation?: boolean;
    organisationName?: string;
    organisationEmail?: string;
  };
  declaration?: { agreed?: boolean; date?: string };
  applicant?: {
    schemeInfo?: SchemeInfoAnswer;
    address?: AddressAnswer;
    email?: string;
    roleDetails?: RoleDetailsAnswer;
    currentName?: PersonNameAnswer;
    dateOfBirth?: DatePartsAnswer;
  };
  payment?: {
    subAccountCode?: string;
    whoWillPay?: WhoPays;
    type?: PaymentMethod;
    status?: PaymentStatus;
  };
  complete?: boolean;
}

describe('the organisation draft type', () => {
  it('is inferred from the page table as exactly the type written by hand before', () => {
    expectTypeOf<OrganisationDraft>().toEqualTypeOf<HandWrittenOrganisationDraft>();
  });
});
