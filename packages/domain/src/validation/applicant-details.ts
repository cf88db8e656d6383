import type { z } from 'zod';
import { objectOf, memoiseSchemaFactory } from './structure';
import { MAX_FORENAME_LENGTH, MAX_MIDDLE_NAMES_LENGTH, MAX_SURNAME_LENGTH } from '../limits';
import type { ClockOptions, DateOfBirthKind } from './date-of-birth';
import { dateOfBirthSchema } from './date-of-birth';
import { emailField } from './email';
import { optionalPersonNameField, personNameField } from './names';

/** applicant-details of the organisation journeys: the countersignatory enters the applicant's name, date of birth and email. */
function buildApplicantDetailsFormSchema(kind: DateOfBirthKind, options: ClockOptions = {}) {
  return objectOf({
    firstName: personNameField('applicantDetails.firstName', MAX_FORENAME_LENGTH),
    middleName: optionalPersonNameField('applicantDetails.middleName', MAX_MIDDLE_NAMES_LENGTH),
    lastName: personNameField('applicantDetails.lastName', MAX_SURNAME_LENGTH),
    dateOfBirth: dateOfBirthSchema(kind, 'applicantDetails.dateOfBirth', options),
    email: emailField('applicantDetails.email'),
  });
}
export const applicantDetailsFormSchema = memoiseSchemaFactory(buildApplicantDetailsFormSchema);
export type ApplicantDetailsForm = z.output<ReturnType<typeof applicantDetailsFormSchema>>;
