// The browser build: the Node one reads Buffer when loaded, and the web app imports this package too.
import { stringify } from 'csv-stringify/browser/esm/sync';

// The CSV file of a batch of organisation applications (docs/decisions/0019-csv-batch-format.md): its columns,
// their names in words, the template, and reading and writing the file's text safely. What a row means is in
// csv-batch.ts.

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
