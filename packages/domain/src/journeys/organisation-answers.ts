import * as choices from '../validation/choices';
import { manualAddressFormSchema } from '../validation/address';
import { applicantDetailsFormSchema } from '../validation/applicant-details';
import { pvgRoleDetailsFormSchema, roleDetailsFormSchema } from '../validation/role-details';
import type { DraftAnswers } from './draft-types';

/**
 * Where the organisation pages store their answers: the organisation draft's type is inferred from this table
 * (answers.ts). The applicant's pages fill one object, `applicant`, some fields under other names than the form's.
 */
export const ORGANISATION_ANSWERS = {
  top: [choices.confirmRoleFormSchema, choices.verifyApplicantFormSchema],
  at: {
    applicant: {
      top: [
        { page: roleDetailsFormSchema, names: { position: 'roleDetails.position' } },
        {
          page: pvgRoleDetailsFormSchema,
          names: { position: 'roleDetails.position', workforces: 'schemeInfo.workforces' },
        },
        {
          page: applicantDetailsFormSchema,
          names: {
            firstName: 'currentName.forename',
            middleName: 'currentName.middleNames',
            lastName: 'currentName.surname',
          },
        },
      ],
      at: {
        schemeInfo: choices.workforceFormSchema,
        roleDetails: choices.organisationDetailsFormSchema,
        address: manualAddressFormSchema,
      },
    },
    anotherOrganisation: [choices.applyingOnBehalfFormSchema, choices.applyingOnBehalfOrganisationFormSchema],
    payment: [choices.whoWillPayFormSchema, choices.paymentMethodFormSchema],
  },
} as const satisfies DraftAnswers;
