import type { z } from 'zod';
import {
  MAX_ADDRESS_LINE_LENGTH,
  MAX_APPLICANT_NAME_FILTER_LENGTH,
  MAX_COUNTY_LENGTH,
  MAX_CSG_CODE_FILTER_LENGTH,
  MAX_LONG_TEXT_LENGTH,
  MAX_NAME_LENGTH,
  MAX_NI_NUMBER_LENGTH,
  MAX_ORGANISATION_NAME_LENGTH,
  MAX_OTHER_TITLE_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_PLACE_OF_BIRTH_LENGTH,
  MAX_POSITION_LENGTH,
  MAX_PREVIOUS_NAMES,
  MAX_RECIPIENT_NAME_LENGTH,
  MAX_REGISTRATION_NUMBER_LENGTH,
  MAX_SHORT_TEXT_LENGTH,
  MAX_TEXT_LENGTH,
  MIN_AGE,
  MIN_AGE_SCHEME,
  OTHER_LICENCE_LENGTH,
  OTHER_PASSPORT_INPUT_LENGTH,
} from '../limits';

// Schemas report keys; this maps each key to the GOV.UK Design System wording shown to users.

const NAME_CHARACTERS = 'letters a to z, hyphens, spaces, apostrophes, full stops and commas';
const FREE_TEXT_CHARACTERS = "letters, numbers, spaces and ( ) . , ' / \\ : ; & + -";
const ADDRESS_CHARACTERS = "letters, numbers, spaces and . , ' & ! - ( ) / \\";

interface TextField {
  /** What to enter: "the applicant's first name". */
  enter: string;
  /** How the field is named at the start of a sentence: "First name". */
  label: string;
  max: number;
  characters?: string;
}

function textMessages(prefix: string, { enter, label, max, characters }: TextField): Record<string, string> {
  return {
    [`${prefix}.required`]: `Enter ${enter}`,
    [`${prefix}.tooLong`]: `${label} must be ${max} characters or less`,
    [`${prefix}.invalid`]: characters
      ? `${label} must only include ${characters}`
      : `Enter a valid ${label.toLowerCase()}`,
  };
}

function nameMessages(prefix: string, enter: string, label: string, max = MAX_NAME_LENGTH) {
  return textMessages(prefix, { enter, label, max, characters: NAME_CHARACTERS });
}

/** A text answer of free text (letters, numbers and common punctuation), at most `max` characters. */
function freeTextMessages(prefix: string, enter: string, label: string, max: number) {
  return textMessages(prefix, { enter, label, max, characters: FREE_TEXT_CHARACTERS });
}

function emailMessages(prefix: string, enter: string, label: string) {
  return {
    [`${prefix}.required`]: `Enter ${enter}`,
    [`${prefix}.tooLong`]: `${label} must be ${MAX_LONG_TEXT_LENGTH} characters or less`,
    [`${prefix}.invalid`]: `Enter ${label.toLowerCase()} in the correct format, like name@example.com`,
  };
}

function dateMessages(prefix: string, enter: string, label: string) {
  return {
    [`${prefix}.required`]: `Enter ${enter}`,
    [`${prefix}.dayRequired`]: `${label} must include a day`,
    [`${prefix}.monthRequired`]: `${label} must include a month`,
    [`${prefix}.yearRequired`]: `${label} must include a year`,
    [`${prefix}.invalid`]: `${label} must be a real date`,
    [`${prefix}.future`]: `${label} must be in the past`,
    [`${prefix}.tooEarly`]: `${label} must be on or after 1 January 1900`,
  };
}

function dateOfBirthMessages(prefix: string, enter: string, who: string) {
  return {
    ...dateMessages(prefix, enter, 'Date of birth'),
    [`${prefix}.tooYoung`]: `${who} must be at least ${MIN_AGE} years old`,
    [`${prefix}.tooYoungScheme`]: `${who} must be at least ${MIN_AGE_SCHEME} years old`,
  };
}

function monthYearMessages(prefix: string, label: string) {
  return {
    [`${prefix}.required`]: `Enter the date you started living at this address`,
    [`${prefix}.monthRequired`]: `${label} must include a month`,
    [`${prefix}.yearRequired`]: `${label} must include a year`,
    [`${prefix}.invalid`]: `${label} must be a real date`,
    [`${prefix}.future`]: `${label} must be today or in the past`,
    [`${prefix}.tooOld`]: `${label} must be within the last 100 years`,
  };
}

function addressMessages(prefix: string) {
  const text = { max: MAX_ADDRESS_LINE_LENGTH, characters: ADDRESS_CHARACTERS };
  return {
    ...textMessages(`${prefix}.line1`, {
      ...text,
      enter: 'address line 1, typically the building and street',
      label: 'Address line 1',
    }),
    ...textMessages(`${prefix}.line2`, { ...text, enter: 'address line 2', label: 'Address line 2' }),
    ...textMessages(`${prefix}.town`, { ...text, enter: 'town or city', label: 'Town or city' }),
    ...textMessages(`${prefix}.county`, {
      ...text,
      max: MAX_COUNTY_LENGTH,
      enter: 'county',
      label: 'County',
    }),
    ...textMessages(`${prefix}.country`, { ...text, enter: 'country', label: 'Country' }),
    [`${prefix}.postcode.required`]: 'Enter postcode',
    [`${prefix}.postcode.invalid`]: 'Enter a real postcode',
  };
}

function countryMessages(prefix: string, enter: string, label: string) {
  return textMessages(prefix, {
    enter,
    label,
    max: MAX_TEXT_LENGTH,
    characters: "letters, spaces and . , ' ( ) & -",
  });
}

export const validationMessages: Readonly<Record<string, string>> = {
  // Organisation journeys
  'confirmRole.confirmRoleQualifies.required': 'Confirm that the role qualifies for a level 2 disclosure',
  'verifyApplicant.verified.required': "Confirm that you have verified the applicant's identity",
  'countersignatoryDeclaration.agreed.required': 'You must agree to the declaration to continue',
  'applicationDeclaration.agreed.required': 'You must agree to the declaration to continue',
  'workforces.required': 'Select who the applicant will be working with',
  'workforces.invalid': 'Select who the applicant will be working with',
  'roleDetails.workforces.required': 'Select who the applicant will be working with',
  'roleDetails.workforces.invalid': 'Select who the applicant will be working with',
  ...freeTextMessages(
    'roleDetails.position',
    'the position applied for',
    'Position applied for',
    MAX_POSITION_LENGTH,
  ),
  'organisationDetails.volunteerForQualifyingOrganisation.required':
    'Select yes if the applicant is volunteering for a qualifying voluntary organisation',
  ...nameMessages('applicantDetails.firstName', "the applicant's first name", 'First name'),
  ...nameMessages('applicantDetails.middleName', "the applicant's middle name", 'Middle name'),
  ...nameMessages('applicantDetails.lastName', "the applicant's last name", 'Last name'),
  ...dateOfBirthMessages('applicantDetails.dateOfBirth', "the applicant's date of birth", 'The applicant'),
  ...emailMessages('applicantDetails.email', "the applicant's email address", 'Email address'),
  'applyingOnBehalf.isCsgForAnotherOrganisation.required':
    'Select yes if you are applying on behalf of another organisation',
  ...freeTextMessages(
    'applyingOnBehalf.organisationName',
    'the organisation name',
    'Organisation name',
    MAX_ORGANISATION_NAME_LENGTH,
  ),
  ...emailMessages('applyingOnBehalf.organisationEmail', "the organisation's email address", 'Email address'),
  'whoWillPay.whoWillPay.required': 'Select who will pay for the application',
  'paymentMethod.type.required': 'Select how you want to pay',
  ...textMessages('paymentMethod.subAccountCode', {
    enter: 'the sub-account code',
    label: 'Sub-account code',
    max: MAX_SHORT_TEXT_LENGTH,
    characters: 'letters and numbers',
  }),
  'applicationType.required': 'Select the type of application',
  'viewResultConfirmation.viewResult.required': 'Select yes if you want to view the result',

  // Address
  'postcodeSearch.postcode.required': 'Enter a postcode',
  'postcodeSearch.postcode.invalid': 'Enter a real postcode',
  'addressSelection.addressId.required': 'Select an address',
  'addressSelection.addressId.tooLong': 'Select an address',
  ...addressMessages('address'),
  ...monthYearMessages('residentFrom', 'The date you started living at this address'),
  ...monthYearMessages('residentTo', 'The date you stopped living at this address'),
  'addressHistory.overlap': 'The dates at this address must not overlap with the next address',
  'addressHistory.gap': 'There must be no gap between this address and the next address',
  'addressHistory.incomplete': 'Enter your addresses for the last 5 years',

  // Applicant journeys
  'personalInformation.personalInfoAgreed.required':
    'Confirm that you have read how we use your personal information',
  'applicantDeclaration.agreed.required': 'You must agree to the declaration to continue',
  'currentName.title.required': 'Select your title',
  ...nameMessages('currentName.otherTitle', 'your title', 'Title', MAX_OTHER_TITLE_LENGTH),
  ...nameMessages('currentName.forename', 'your first name', 'First name'),
  ...nameMessages('currentName.middleNames', 'your middle names', 'Middle names'),
  ...nameMessages('currentName.surname', 'your last name', 'Last name'),
  'previousNames.hasPreviousNames.required': 'Select yes if you have been known by any other names',
  'previousNames.required': 'Add at least one previous name',
  'previousNames.tooMany': `You can add up to ${MAX_PREVIOUS_NAMES} previous names`,
  ...nameMessages('previousName.forename', 'the first name', 'First name'),
  ...nameMessages('previousName.middleNames', 'the middle names', 'Middle names'),
  ...nameMessages('previousName.surname', 'the last name', 'Last name'),
  ...nameMessages('mothersMaidenName', "your mother's maiden name", "Mother's maiden name"),
  ...dateOfBirthMessages('dateOfBirth', 'your date of birth', 'You'),
  'gender.required': 'Select your gender',
  ...textMessages('placeOfBirth', {
    enter: 'your town or city of birth',
    label: 'Place of birth',
    max: MAX_PLACE_OF_BIRTH_LENGTH,
    characters:
      'letters, numbers, spaces, apostrophes, full stops, ampersands and hyphens, and at least one letter',
  }),
  ...countryMessages('countryOfBirth', 'your country of birth', 'Country of birth'),
  ...countryMessages('nationality', 'your nationality', 'Nationality'),
  ...emailMessages('contactDetails.email', 'your email address', 'Email address'),
  'contactDetails.telephone.required': 'Enter your mobile phone number',
  'contactDetails.telephone.tooLong': `Mobile phone number must be ${MAX_PHONE_LENGTH} characters or less`,
  'contactDetails.telephone.invalid':
    'Enter a mobile phone number, like 07700 900 982 or +44 7700 900 982, with 7 to 15 digits',
  'contactDetails.alternateTelephone.tooLong': `Landline number must be ${MAX_PHONE_LENGTH} characters or less`,
  'contactDetails.alternateTelephone.invalid': 'Landline number must only include numbers and + ( ) / \\ -',
  'contactDetails.alternateTelephone.notUkLandline': 'Enter a UK landline number, like 01632 960 001',
  'pvgNumber.invalid': 'Enter a valid 16 digit PVG scheme membership number',
  'nationalInsurance.hasNINumber.required': 'Select yes if you have a National Insurance number',
  'nationalInsurance.niNumber.required': 'Enter your National Insurance number',
  'nationalInsurance.niNumber.tooLong': `National Insurance number must be ${MAX_NI_NUMBER_LENGTH} characters or less`,
  'nationalInsurance.niNumber.invalid':
    'Enter a National Insurance number in the correct format, like QQ 12 34 56 C',
  'passport.hasPassport.required': 'Select yes if you have a passport',
  ...countryMessages('passport.countryOfIssue', 'the country that issued your passport', 'Country of issue'),
  'passport.passportNumber.required': 'Enter your passport number',
  'passport.passportNumber.tooLong': `Passport number must be ${OTHER_PASSPORT_INPUT_LENGTH} characters or less`,
  'passport.passportNumber.invalidUk': 'Enter a UK passport number in the correct format, like 123456789',
  'passport.passportNumber.invalid': 'Passport number must only include letters and numbers',
  'drivingLicence.hasDrivingLicence.required': 'Select yes if you have a driving licence',
  ...countryMessages(
    'drivingLicence.countryOfIssue',
    'the country that issued your driving licence',
    'Country of issue',
  ),
  'drivingLicence.regionOfIssue.required':
    'Select whether your licence was issued in Great Britain or Northern Ireland',
  'drivingLicence.licenceNumber.required': 'Enter your driving licence number',
  'drivingLicence.licenceNumber.tooLong': `Driving licence number must be ${OTHER_LICENCE_LENGTH} characters or less`,
  'drivingLicence.licenceNumber.invalidGb':
    'Enter a driving licence number in the correct format, like MORGA753116SM9IJ',
  'drivingLicence.licenceNumber.invalidNi': 'Enter a Northern Ireland driving licence number of 8 digits',
  'drivingLicence.licenceNumber.invalid': 'Driving licence number must only include letters and numbers',
  'regulatoryBodies.isRegulatoryBodyMember.required': 'Select yes if you are a member of a regulatory body',
  'regulatoryBodies.code.invalid': 'Select a regulatory body from the list',
  'regulatoryBodies.details.required': 'Select at least one regulatory body',
  'regulatoryBodies.details.tooMany': 'Select no more than 2 regulatory bodies',
  'regulatoryBodies.registrationNumber.required': 'Enter your registration number',
  'regulatoryBodies.registrationNumber.tooLong': `Registration number must be ${MAX_REGISTRATION_NUMBER_LENGTH} characters or less`,
  'regulatoryBodies.registrationNumber.invalid': 'Enter the registration number in the format shown',

  // Results, sharing and recipients
  'shareConfirmation.confirmed.required': 'Confirm why you are sharing your result',
  'pvgConfirmShare.confirmShare.required': 'Confirm that you want to share your scheme membership',
  'shareOrReview.purpose.required': 'Select whether you want to share your result or request a review',
  'digitalShare.shareDigitally.required': 'Select yes if you want to share your result digitally',
  'appeal.intendsToAppeal.required': 'Select yes if you intend to apply to have convictions removed',
  'oneTimeCode.required': 'Enter the security code',
  'oneTimeCode.invalid': 'Security code must be 6 numbers',
  ...nameMessages(
    'recipient.recipientName',
    'the name of the person you are sharing with',
    'Name',
    MAX_RECIPIENT_NAME_LENGTH,
  ),
  ...addressMessages('recipient.recipientAddress'),
  ...emailMessages('recipient.recipientEmail', "the recipient's email address", 'Email address'),
  'recipient.recipientPhoneNumber.required': "Enter the recipient's phone number",
  'recipient.recipientPhoneNumber.tooLong': `Phone number must be ${MAX_PHONE_LENGTH} characters or less`,
  'recipient.recipientPhoneNumber.invalid': 'Enter a phone number with 7 to 15 digits, like 07700 900 982',
  ...freeTextMessages(
    'recipient.recipientPositionAppliedFor',
    'the position applied for',
    'Position applied for',
    MAX_POSITION_LENGTH,
  ),
  ...emailMessages('recipient.applicantEmail', 'your email address', 'Email address'),
  ...dateMessages('additionalInformation.dateOfBirth', "the applicant's date of birth", 'Date of birth'),
  ...textMessages('additionalInformation.applicationReference', {
    enter: 'the application reference number',
    label: 'Application reference number',
    max: MAX_SHORT_TEXT_LENGTH,
    characters: 'letters, numbers and hyphens',
  }),
  'additionalInformation.token.required': 'The link is not valid',
  ...dateMessages(
    'checkAResult.dateOfBirth',
    'the date of birth of the person the result is about',
    'Date of birth',
  ),
  'checkAResult.checkCode.required': 'Enter the check code',
  'checkAResult.checkCode.invalid':
    'Enter the check code as it is printed, 12 letters and numbers like 7KQ2-M9XD-4TWE',
  'feedback.rating.required': 'Select how satisfied you are with this service',

  // Search and filters
  ...nameMessages(
    'resultsFilter.applicantName',
    "the applicant's name",
    'Applicant name',
    MAX_APPLICANT_NAME_FILTER_LENGTH,
  ),
  ...textMessages('resultsFilter.csgCode', {
    enter: 'the countersignatory code',
    label: 'Countersignatory code',
    max: MAX_CSG_CODE_FILTER_LENGTH,
    characters: 'letters and numbers',
  }),
  ...dateMessages('resultsFilter.dateOfIssue', 'the date of issue', 'Date of issue'),
  'resultsFilter.viewedStatus.invalid': 'Select a viewed status',
  'resultsFilter.viewCsg.invalid': 'Select whose results to show',
  ...nameMessages(
    'applicationsFilter.applicantName',
    "the applicant's name",
    'Applicant name',
    MAX_APPLICANT_NAME_FILTER_LENGTH,
  ),
  ...textMessages('applicationsFilter.csgCode', {
    enter: 'the countersignatory code',
    label: 'Countersignatory code',
    max: MAX_CSG_CODE_FILTER_LENGTH,
    characters: 'letters and numbers',
  }),
  'applicationsFilter.status.invalid': 'Select a status',
  'applicationsFilter.orgResults.invalid': 'Select whose applications to show',
  'applicationsFilter.page.invalid': 'Page must be a whole number of 1 or more',
  'applicationsFilter.pageSize.invalid': 'Select a number of results per page',
  'resultsFilter.page.invalid': 'Page must be a whole number of 1 or more',
  'resultsFilter.pageSize.invalid': 'Select a number of results per page',
  'applicationsFilter.searchedAt.invalid': 'Search time must be a date and time',

  // CSV upload
  'csvUpload.file.required': 'Select a CSV file',

  // API payloads
  'payload.required': 'Enter a value',
  'payload.tooLong': 'The value is too long',
  'payload.invalid': 'Enter a valid value',
  'payload.unsafeText': 'Remove hidden control characters and broken characters from the text',
  'payload.unknownField': 'Remove this field: it is not one the service accepts',
  ...emailMessages('countersignatory.email', 'your email address', 'Email address'),
  ...nameMessages('countersignatory.name', 'your name', 'Name', MAX_LONG_TEXT_LENGTH),
  ...freeTextMessages(
    'roleDetails.organisationName',
    'the organisation name',
    'Organisation name',
    MAX_ORGANISATION_NAME_LENGTH,
  ),

  // The lead countersignatory's report of corrected organisation details
  ...freeTextMessages(
    'organisationReport.organisationName',
    "the organisation's name",
    'Organisation name',
    MAX_ORGANISATION_NAME_LENGTH,
  ),
  ...emailMessages('organisationReport.emailAddress', "the organisation's email address", 'Email address'),
  'organisationReport.mainPhoneNumber.required': "Enter the organisation's main phone number",
  'organisationReport.mainPhoneNumber.tooLong': `Phone number must be ${MAX_PHONE_LENGTH} characters or less`,
  'organisationReport.mainPhoneNumber.invalid':
    'Enter a phone number with 7 to 15 digits, like 0131 496 0000 or +44 131 496 0000',
};

/** The wording of a key; an unknown key is returned as it is, so a missing entry shows up in review. */
export function messageText(key: string): string {
  return Object.hasOwn(validationMessages, key) ? (validationMessages[key] as string) : key;
}

/** The first issue of each field, keyed by its dotted path ('dateOfBirth.day'; '' for the whole form). */
export function fieldErrorsFrom(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}
