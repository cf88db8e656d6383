import { describe, expect, it } from 'vitest';
import { checkBatchRow } from './csv-batch';
import {
  BATCH_CSV_COLUMNS,
  BATCH_CSV_EXAMPLE_ROWS,
  batchColumnInWords,
  batchCsvTemplate,
  batchRowValues,
  decodeCsvText,
  missingBatchColumns,
  neutraliseCsvCell,
  toSafeCsv,
  type BatchCsvColumn,
} from './csv-batch-format';

const now = new Date('2026-11-23T10:00:00Z');
const example = BATCH_CSV_EXAMPLE_ROWS[0]!;
const check = (overrides: Partial<Record<BatchCsvColumn, string>> = {}) =>
  checkBatchRow(1, { ...example, ...overrides }, { now });
const fields = (overrides: Partial<Record<BatchCsvColumn, string>>) =>
  check(overrides).errors.map((e) => e.field);

describe('checkBatchRow', () => {
  it('makes the journey draft of a complete row', () => {
    const result = check();
    expect(result.errors).toEqual([]);
    expect(result.applicationType).toBe('LB');
    expect(result.draft?.applicant?.dateOfBirth).toEqual({ day: 14, month: 3, year: 1990 });
    expect(result.draft?.payment).toEqual({ whoWillPay: 'Organisation', type: 'INVOICE' });
  });

  it('passes both example rows of the template', () => {
    for (const row of BATCH_CSV_EXAMPLE_ROWS) expect(checkBatchRow(1, row, { now }).errors).toEqual([]);
  });

  it.each<[string, Partial<Record<BatchCsvColumn, string>>, BatchCsvColumn]>([
    ['an unknown type', { applicationType: 'BD' }, 'applicationType'],
    ['a date not as DD/MM/YYYY', { dateOfBirth: '1990-03-14' }, 'dateOfBirth'],
    ['an applicant under 12', { dateOfBirth: '01/01/2020' }, 'dateOfBirth'],
    [
      'a PVG applicant under 16',
      {
        applicationType: 'PA',
        workforces: 'CHILD',
        whoWillPay: 'Applicant',
        paymentMethod: '',
        dateOfBirth: '01/01/2012',
      },
      'dateOfBirth',
    ],
    ['a bad email', { email: 'nope' }, 'email'],
    ['a name with digits', { firstName: 'R2D2' }, 'firstName'],
    ['no postcode for a UK address', { postcode: '' }, 'postcode'],
    ['no position', { position: '' }, 'position'],
    [
      'a PVG row without workforces',
      { applicationType: 'PC', whoWillPay: 'Applicant', paymentMethod: '' },
      'workforces',
    ],
    ['volunteering outside PVG', { volunteer: 'yes' }, 'volunteer'],
    [
      'on behalf of another organisation without its name',
      { applyingOnBehalf: 'yes', otherOrganisationEmail: 'a@example.com' },
      'otherOrganisationName',
    ],
    ['no one paying', { whoWillPay: '' }, 'whoWillPay'],
    ['an unknown payer', { whoWillPay: 'Council' }, 'whoWillPay'],
    ['the organisation paying without a method', { paymentMethod: '' }, 'paymentMethod'],
    ['a card payment', { paymentMethod: 'CARD_CSG' }, 'paymentMethod'],
  ])('names the column for %s', (_label, overrides, column) => {
    expect(fields(overrides)).toContain(column);
  });

  it('needs no payer for a volunteer of a PVG application', () => {
    expect(
      fields({
        applicationType: 'PA',
        workforces: 'CHILD;ADULT',
        volunteer: 'yes',
        whoWillPay: '',
        paymentMethod: '',
      }),
    ).toEqual([]);
  });
});

describe('the file', () => {
  it('reads headers in any case and order and lists missing required columns', () => {
    expect(missingBatchColumns(['FirstName', 'last name'])).toContain('applicationType');
    expect(missingBatchColumns([...BATCH_CSV_COLUMNS].reverse())).toEqual([]);
    expect(batchRowValues(['Last Name', 'EMAIL'], ['Smith', 'a@b.com'])).toEqual({
      lastName: 'Smith',
      email: 'a@b.com',
    });
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(neutraliseCsvCell(cell)).toBe(`'${cell}`);
    expect(neutraliseCsvCell('Smith')).toBe('Smith');
    expect(toSafeCsv([['=cmd|"/c calc"!A1', 'ok']])).toBe(`"'=cmd|""/c calc""!A1",ok\n`);
  });

  it('accepts strict UTF-8 text only', () => {
    expect(decodeCsvText(new TextEncoder().encode('\ufeffa,b\r\nMontréal,1\n'))).toContain('Montréal');
    expect(decodeCsvText(Uint8Array.from([0x61, 0xe9, 0x62]))).toBeNull();
    expect(decodeCsvText(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(decodeCsvText(Uint8Array.from([0x61, 0x00, 0x62]))).toBeNull();
  });

  it('writes a template whose header is every column', () => {
    expect(batchCsvTemplate().split('\n')[0]).toBe(BATCH_CSV_COLUMNS.join(','));
  });
});

describe('a column in words (issue 29, item 15)', () => {
  it('names every column in words, the whole row as such, and leaves an unknown name as it is', () => {
    for (const column of BATCH_CSV_COLUMNS) expect(batchColumnInWords(column)).not.toBe(column);
    expect(batchColumnInWords('lastName')).toBe('Last name');
    expect(batchColumnInWords('subAccountCode')).toBe('Sub-account code');
    expect(batchColumnInWords('row')).toBe('Whole row');
    expect(batchColumnInWords('somethingElse')).toBe('somethingElse');
  });
});
