// The browser build: the Node one reads Buffer when loaded, and the web app imports this package too.
import { stringify } from 'csv-stringify/browser/esm/sync';
import {
  ORGANISATION_STARTABLE_TYPES,
  WHO_PAYS,
  type ApplicationTypeCode,
  type OrganisationJourneyId,
  type WhoPays,
} from '../codes';
import type { OrganisationDraft } from '../journeys/answers';
import { walkJourney } from '../journeys/engine';
import { getOrganisationJourney } from '../journeys/organisation';
import { organisationJourneyForType } from '../rules/journey-types';
import type { ClockOptions } from './date-of-birth';
import { fieldErrorsFrom, messageText } from './messages';
import { createOrganisationDraftSaveSchema } from './organisation-draft';

// The CSV format of a batch of organisation applications (docs/decisions/0019-csv-batch-format.md): one row per
// application, one column per answer of the single-application journey, validated with the same save schema and
// walked through the same journey, so a row is ready exactly when the same answers would pass the journey.

export const BATCH_CSV_COLUMNS = [
  'applicationType',
  'firstName',
  'middleName',
  'lastName',
  'dateOfBirth',
  'email',
  'addressLine1',
  'addressLine2',
  'town',
  'county',
  'postcode',
  'country',
  'position',
  'workforces',
  'volunteer',
  'applyingOnBehalf',
  'otherOrganisationName',
  'otherOrganisationEmail',
  'whoWillPay',
  'paymentMethod',
  'subAccountCode',
] as const;
export type BatchCsvColumn = (typeof BATCH_CSV_COLUMNS)[number];

/** Each column in words, as the pages and the error report name it (the header keeps the codes). */
export const BATCH_CSV_COLUMN_NAMES: Record<BatchCsvColumn, string> = {
  applicationType: 'Application type',
  firstName: 'First name',
  middleName: 'Middle names',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  email: 'Email address',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  town: 'Town or city',
  county: 'County',
  postcode: 'Postcode',
  country: 'Country',
  position: 'Position applied for',
  workforces: 'Workforces',
  volunteer: 'Volunteer',
  applyingOnBehalf: 'Applying on behalf of another organisation',
  otherOrganisationName: 'Other organisation name',
  otherOrganisationEmail: 'Other organisation email address',
  whoWillPay: 'Who will pay',
  paymentMethod: 'Payment method',
  subAccountCode: 'Sub-account code',
};

/** A row error's column in words (`row`: the row as a whole); an unknown name as it is. */
export function batchColumnInWords(field: string): string {
  if (field === 'row') return 'Whole row';
  return (BATCH_CSV_COLUMN_NAMES as Record<string, string>)[field] ?? field;
}

/** Columns a file must have in its header (the others may be left out when never used). */
export const BATCH_CSV_REQUIRED_COLUMNS: readonly BatchCsvColumn[] = [
  'applicationType',
  'firstName',
  'lastName',
  'dateOfBirth',
  'email',
  'addressLine1',
  'town',
  'postcode',
  'position',
  'applyingOnBehalf',
  'whoWillPay',
];

/** Payment methods a batch row may name: a card payment needs the countersignatory at the card page. */
export const BATCH_PAYMENT_METHODS = ['INVOICE'] as const;

/** Example rows of the template file. */
export const BATCH_CSV_EXAMPLE_ROWS: readonly Record<BatchCsvColumn, string>[] = [
  {
    applicationType: 'LB',
    firstName: 'Alex',
    middleName: '',
    lastName: 'Example',
    dateOfBirth: '14/03/1990',
    email: 'alex.example@example.com',
    addressLine1: '1 Harbour Wynd',
    addressLine2: '',
    town: 'Edinburgh',
    county: '',
    postcode: 'EH6 6AA',
    country: 'GB',
    position: 'Care worker',
    workforces: '',
    volunteer: '',
    applyingOnBehalf: 'no',
    otherOrganisationName: '',
    otherOrganisationEmail: '',
    whoWillPay: 'Organisation',
    paymentMethod: 'INVOICE',
    subAccountCode: '',
  },
  {
    applicationType: 'PA',
    firstName: 'Sam',
    middleName: 'Jo',
    lastName: 'Sample',
    dateOfBirth: '02/11/1985',
    email: 'sam.sample@example.com',
    addressLine1: '4 Station Square',
    addressLine2: '',
    town: 'Inverness',
    county: '',
    postcode: 'IV1 1AA',
    country: 'GB',
    position: 'Youth leader',
    workforces: 'CHILD;ADULT',
    volunteer: 'no',
    applyingOnBehalf: 'no',
    otherOrganisationName: '',
    otherOrganisationEmail: '',
    whoWillPay: 'Applicant',
    paymentMethod: '',
    subAccountCode: '',
  },
];

export interface BatchRowError {
  field: BatchCsvColumn | 'row';
  reason: string;
}

export interface BatchRowCheck {
  /** 1-based data row number (the header is not counted). */
  index: number;
  surname: string | null;
  errors: BatchRowError[];
  /** The draft the row makes when it has no errors: answers of the journey, declaration and payment not yet set. */
  draft: OrganisationDraft | null;
  applicationType: ApplicationTypeCode | null;
}

const PAYLOAD_FIELD_COLUMNS: Record<string, BatchCsvColumn> = {
  applicationTypeCode: 'applicationType',
  'applicantName.forename': 'firstName',
  'applicantName.middleNames': 'middleName',
  'applicantName.surname': 'lastName',
  applicantDateOfBirth: 'dateOfBirth',
  applicantEmail: 'email',
  'applicantCurrentAddress.line1': 'addressLine1',
  'applicantCurrentAddress.line2': 'addressLine2',
  'applicantCurrentAddress.town': 'town',
  'applicantCurrentAddress.county': 'county',
  'applicantCurrentAddress.postcode': 'postcode',
  'applicantCurrentAddress.country': 'country',
  'roleDetails.position': 'position',
  'roleDetails.volunteerForQualifyingOrganisation': 'volunteer',
  workforces: 'workforces',
  'csgAnotherOrganisation.isCsgForAnotherOrganisation': 'applyingOnBehalf',
  'csgAnotherOrganisation.organisationName': 'otherOrganisationName',
  'csgAnotherOrganisation.organisationEmail': 'otherOrganisationEmail',
  onlinePaymentType: 'paymentMethod',
  invoiceSubAccountCode: 'subAccountCode',
};

/** Fields of the journey's step forms, as CSV columns. */
const STEP_FIELD_COLUMNS: Record<string, BatchCsvColumn> = {
  workforces: 'workforces',
  position: 'position',
  volunteerForQualifyingOrganisation: 'volunteer',
  firstName: 'firstName',
  middleName: 'middleName',
  lastName: 'lastName',
  dateOfBirth: 'dateOfBirth',
  email: 'email',
  line1: 'addressLine1',
  line2: 'addressLine2',
  town: 'town',
  county: 'county',
  postcode: 'postcode',
  country: 'country',
  isCsgForAnotherOrganisation: 'applyingOnBehalf',
  organisationName: 'otherOrganisationName',
  organisationEmail: 'otherOrganisationEmail',
  whoWillPay: 'whoWillPay',
  type: 'paymentMethod',
  subAccountCode: 'subAccountCode',
};

function columnOfPayloadPath(path: string): BatchCsvColumn | 'row' {
  for (const [prefix, column] of Object.entries(PAYLOAD_FIELD_COLUMNS)) {
    if (path === prefix || path.startsWith(`${prefix}.`)) return column;
  }
  return 'row';
}

const DATE_PATTERN = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

const blankToUndefined = (value: string | undefined) => {
  const text = value?.trim();
  return text ? text : undefined;
};

/** The header cells as columns: case and spaces are not significant. */
export function batchHeaderColumns(header: readonly string[]): (BatchCsvColumn | null)[] {
  return header.map((cell) => {
    const key = cell.replace(/\s+/g, '').toLowerCase();
    return BATCH_CSV_COLUMNS.find((column) => column.toLowerCase() === key) ?? null;
  });
}

/** Required columns the header lacks. */
export function missingBatchColumns(header: readonly string[]): BatchCsvColumn[] {
  const present = new Set(batchHeaderColumns(header));
  return BATCH_CSV_REQUIRED_COLUMNS.filter((column) => !present.has(column));
}

/** One data row as values by column. */
export function batchRowValues(header: readonly string[], cells: readonly string[]) {
  const columns = batchHeaderColumns(header);
  const values: Partial<Record<BatchCsvColumn, string>> = {};
  columns.forEach((column, i) => {
    if (column) values[column] = cells[i] ?? '';
  });
  return values;
}

/**
 * Checks one row: the same save schema as PUT /api/draftApplications/{token}/countersignatory, then the journey
 * walk of the row's application type with identity verification and role confirmation taken from the batch's
 * declaration. Rules that need the register (sub-account codes, voluntary status, the user's startable types)
 * are the server's.
 */
export function checkBatchRow(
  index: number,
  values: Partial<Record<BatchCsvColumn, string>>,
  options: ClockOptions = {},
): BatchRowCheck {
  const v = (column: BatchCsvColumn) => blankToUndefined(values[column]);
  const errors: BatchRowError[] = [];
  const surname = v('lastName') ?? null;

  const typeText = v('applicationType')?.toUpperCase();
  const type = (ORGANISATION_STARTABLE_TYPES as readonly string[]).includes(typeText ?? '')
    ? (typeText as ApplicationTypeCode)
    : null;
  if (!type) {
    errors.push({
      field: 'applicationType',
      reason: `Enter the application type as one of ${ORGANISATION_STARTABLE_TYPES.join(', ')}`,
    });
  }

  let dateOfBirth: unknown;
  const dobText = v('dateOfBirth');
  const dob = dobText ? DATE_PATTERN.exec(dobText) : null;
  if (dobText && !dob) errors.push({ field: 'dateOfBirth', reason: 'Enter the date of birth as DD/MM/YYYY' });
  else if (dob) dateOfBirth = { day: Number(dob[1]), month: Number(dob[2]), year: Number(dob[3]) };

  const whoText = v('whoWillPay');
  const whoWillPay = WHO_PAYS.find((who) => who.toLowerCase() === whoText?.toLowerCase());
  if (whoText && !whoWillPay)
    errors.push({ field: 'whoWillPay', reason: `Enter who will pay as ${WHO_PAYS.join(' or ')}` });

  const methodText = v('paymentMethod')?.toUpperCase();
  if (methodText && !(BATCH_PAYMENT_METHODS as readonly string[]).includes(methodText))
    errors.push({
      field: 'paymentMethod',
      reason: 'Enter INVOICE as the payment method, or leave it blank when the applicant pays',
    });

  const workforces = v('workforces')
    ?.split(/[;,|\s]+/)
    .filter(Boolean)
    .map((w) => w.toUpperCase());
  const onBehalf = v('applyingOnBehalf');
  const volunteer = v('volunteer');
  const payload: Record<string, unknown> = {
    ...(type ? { applicationTypeCode: type } : {}),
    applicantName: { forename: v('firstName'), middleNames: v('middleName'), surname: v('lastName') },
    ...(dateOfBirth ? { applicantDateOfBirth: dateOfBirth } : {}),
    ...(v('email') ? { applicantEmail: v('email') } : {}),
    applicantCurrentAddress: {
      line1: v('addressLine1'),
      line2: v('addressLine2'),
      town: v('town'),
      county: v('county'),
      postcode: v('postcode'),
      country: v('country') ?? 'GB',
    },
    roleDetails: {
      ...(v('position') ? { position: v('position') } : {}),
      ...(volunteer ? { volunteerForQualifyingOrganisation: volunteer } : {}),
    },
    ...(workforces?.length ? { workforces } : {}),
    ...(onBehalf
      ? {
          csgAnotherOrganisation: {
            isCsgForAnotherOrganisation: onBehalf,
            organisationName: v('otherOrganisationName'),
            organisationEmail: v('otherOrganisationEmail'),
          },
        }
      : {}),
    ...(methodText && whoWillPay === 'Organisation' ? { onlinePaymentType: methodText } : {}),
    ...(v('subAccountCode') ? { invoiceSubAccountCode: v('subAccountCode') } : {}),
  };

  const parsed = createOrganisationDraftSaveSchema(options).safeParse(payload);
  if (!parsed.success) {
    for (const [path, key] of Object.entries(fieldErrorsFrom(parsed.error))) {
      const field = columnOfPayloadPath(path);
      // A bad type or date is reported once, in the CSV's own words above.
      if (errors.some((e) => e.field === field)) continue;
      errors.push({ field, reason: messageText(key) });
    }
  }
  if (!parsed.success || !type || errors.length > 0)
    return { index, surname, errors, draft: null, applicationType: type };

  const p = parsed.data;
  if (p.roleDetails?.volunteerForQualifyingOrganisation !== undefined) {
    const journeyId = organisationJourneyForType(type);
    if (journeyId !== 'pvg-join' && journeyId !== 'pvg-existing')
      errors.push({
        field: 'volunteer',
        reason: 'Leave volunteer blank: it applies to PVG applications only',
      });
  }
  const draft: OrganisationDraft = {
    confirmRoleQualifies: true,
    verified: true,
    applicant: {
      schemeInfo: { applicationType: type, ...(p.workforces ? { workforces: p.workforces } : {}) },
      ...(p.applicantCurrentAddress ? { address: p.applicantCurrentAddress } : {}),
      ...(p.applicantEmail ? { email: p.applicantEmail } : {}),
      ...(p.applicantName
        ? {
            currentName: {
              forename: p.applicantName.forename,
              ...(p.applicantName.middleNames ? { middleNames: p.applicantName.middleNames } : {}),
              surname: p.applicantName.surname,
            },
          }
        : {}),
      ...(p.applicantDateOfBirth ? { dateOfBirth: p.applicantDateOfBirth } : {}),
      roleDetails: { ...p.roleDetails },
    },
    ...(p.csgAnotherOrganisation ? { anotherOrganisation: p.csgAnotherOrganisation } : {}),
    payment: {
      ...(whoWillPay ? { whoWillPay: whoWillPay as WhoPays } : {}),
      ...(p.onlinePaymentType ? { type: p.onlinePaymentType } : {}),
      ...(p.invoiceSubAccountCode && p.onlinePaymentType === 'INVOICE'
        ? { subAccountCode: p.invoiceSubAccountCode }
        : {}),
    },
  };
  if (errors.length === 0) errors.push(...journeyErrors(organisationJourneyForType(type), draft, options));
  return { index, surname, errors, draft: errors.length === 0 ? draft : null, applicationType: type };
}

/** The first step of the journey the row's answers leave unanswered or invalid, as column errors. */
function journeyErrors(
  journeyId: OrganisationJourneyId | null,
  draft: OrganisationDraft,
  options: ClockOptions,
): BatchRowError[] {
  const journey = journeyId ? getOrganisationJourney(journeyId) : undefined;
  if (!journey)
    return [{ field: 'applicationType', reason: 'Enter an application type an organisation can start' }];
  const ctx = { now: options.now ?? new Date() };
  const walk = walkJourney(journey, draft, ctx);
  if (walk.complete) return [];
  const step = walk.steps.at(-1);
  const schema = step?.schema(ctx);
  if (!step || !schema) return [{ field: 'row', reason: 'Complete every column the application needs' }];
  const result = schema.safeParse(step.read(draft) ?? {});
  if (result.success) return [{ field: 'row', reason: 'Complete every column the application needs' }];
  return Object.entries(fieldErrorsFrom(result.error)).map(([path, key]) => ({
    field: STEP_FIELD_COLUMNS[path.split('.')[0] ?? ''] ?? 'row',
    reason: messageText(key),
  }));
}

/** A cell a spreadsheet would read as a formula (=, +, -, @, or a leading tab or carriage return) is quoted. */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Rows as CSV text, every cell neutralised. */
export function toSafeCsv(rows: readonly (readonly string[])[]): string {
  return stringify(rows.map((row) => row.map(neutraliseCsvCell)));
}

/** The template file: the header and the example rows. */
export function batchCsvTemplate(): string {
  return stringify([
    [...BATCH_CSV_COLUMNS],
    ...BATCH_CSV_EXAMPLE_ROWS.map((row) => BATCH_CSV_COLUMNS.map((column) => row[column])),
  ]);
}

/**
 * The bytes of an uploaded file as text: strict UTF-8 (a byte-order mark is allowed) with no control characters
 * other than tab, carriage return and line feed; null for anything else (a binary file renamed .csv).
 */
export function decodeCsvText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text) ? null : text;
}
