import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  applicantApplicationTypeFormSchema,
  applyingOnBehalfOrganisationFormSchema,
  confirmRoleFormSchema,
  mustTickSchema,
  organisationApplicationTypeFormSchema,
  paymentMethodFormSchema,
  toYesNo,
  whoWillPayFormSchema,
  workforceFormSchema,
  yesNoSchema,
} from './choices';
import { validateCsvUpload } from './csv';
import { feedbackFormSchema, feedbackPayloadSchema } from './feedback';
import {
  applicationsFilterSchema,
  disclosureSummariesQuerySchema,
  parseDisplayDate,
  resultsFilterFormSchema,
  resultsFilterToQuery,
  resultsSummaryQuerySchema,
} from './filters';
import { fieldErrorsFrom, messageText, validationMessages } from './messages';
import { linkTokenPayloadSchema, oneTimeCodeFormSchema } from './one-time-code';
import { recipientContactFormSchema, recipientDetailsFormSchema } from './recipient';
import { pvgRoleDetailsFormSchema, roleDetailsFormSchema } from './role-details';
import { errorsOf } from './test-helpers';

const now = new Date('2025-06-15T12:00:00Z');

describe('choices', () => {
  it('reads yes/no answers as booleans', () => {
    const schema = yesNoSchema('appeal.intendsToAppeal.required');
    expect(schema.parse('yes')).toBe(true);
    expect(schema.parse(' No ')).toBe(false);
    expect(schema.parse(false)).toBe(false);
    expect(errorsOf(z.object({ a: schema }), { a: 'maybe' })).toEqual({
      a: 'appeal.intendsToAppeal.required',
    });
    expect(errorsOf(z.object({ a: schema }), {})).toEqual({ a: 'appeal.intendsToAppeal.required' });
    expect([toYesNo(true), toYesNo(false), toYesNo(undefined)]).toEqual(['yes', 'no', undefined]);
  });

  it('needs ticked checkboxes', () => {
    const tick = mustTickSchema('verifyApplicant.verified.required');
    for (const value of [true, 'true', 'on', 'yes']) expect(tick.parse(value)).toBe(true);
    for (const value of [false, undefined, '', 'no', 1]) expect(tick.safeParse(value).success).toBe(false);
    expect(errorsOf(confirmRoleFormSchema, {})).toEqual({
      confirmRoleQualifies: 'confirmRole.confirmRoleQualifies.required',
    });
  });

  it('needs at least one workforce', () => {
    expect(workforceFormSchema.parse({ workforces: ['CHILD', 'ADULT', 'CHILD'] })).toEqual({
      workforces: ['ADULT', 'CHILD'],
    });
    expect(errorsOf(workforceFormSchema, { workforces: null })).toEqual({
      workforces: 'workforces.required',
    });
    expect(errorsOf(workforceFormSchema, { workforces: 7 })).toEqual({ workforces: 'workforces.required' });
    expect(errorsOf(workforceFormSchema, { workforces: ['BOTH'] })).toEqual({
      'workforces.0': 'workforces.invalid',
    });
  });

  it('checks who pays, how, and the application type', () => {
    expect(paymentMethodFormSchema.parse({ type: 'INVOICE', subAccountCode: ' CC12 ' })).toEqual({
      type: 'INVOICE',
      subAccountCode: 'CC12',
    });
    expect(paymentMethodFormSchema.parse({ type: 'CARD_CSG', subAccountCode: 'CC12' })).toEqual({
      type: 'CARD_CSG',
    });
    expect(errorsOf(paymentMethodFormSchema, { type: 'CASH', subAccountCode: 'a b' })).toEqual({
      type: 'paymentMethod.type.required',
      subAccountCode: 'paymentMethod.subAccountCode.invalid',
    });
    expect(errorsOf(whoWillPayFormSchema, {})).toEqual({ whoWillPay: 'whoWillPay.whoWillPay.required' });
    expect(errorsOf(organisationApplicationTypeFormSchema, { applicationType: 'PB' })).toEqual({
      applicationType: 'applicationType.required',
    });
    expect(errorsOf(applicantApplicationTypeFormSchema, { applicationType: 'PB' })).toEqual({});
    expect(
      errorsOf(applyingOnBehalfOrganisationFormSchema, {
        organisationName: 'Acme <Ltd>',
        organisationEmail: 'x',
      }),
    ).toEqual({
      organisationName: 'applyingOnBehalf.organisationName.invalid',
      organisationEmail: 'applyingOnBehalf.organisationEmail.invalid',
    });
  });

  it('caps the position at 64', () => {
    expect(errorsOf(roleDetailsFormSchema, { position: 'a'.repeat(64) })).toEqual({});
    expect(errorsOf(roleDetailsFormSchema, { position: 'a'.repeat(65) })).toEqual({
      position: 'roleDetails.position.tooLong',
    });
    expect(errorsOf(pvgRoleDetailsFormSchema, { position: 'Teacher (P1-P7): Art & Music' })).toEqual({
      workforces: 'roleDetails.workforces.required',
    });
  });

  it('takes one of five feedback ratings', () => {
    expect(errorsOf(feedbackFormSchema, { rating: 'VERY_SATISFIED' })).toEqual({});
    expect(errorsOf(feedbackFormSchema, {})).toEqual({ rating: 'feedback.rating.required' });
    expect(errorsOf(feedbackPayloadSchema, { rating: 'NEITHER', journey: 'pvg-join' })).toEqual({});
  });
});

describe('one-time code and recipient', () => {
  it('needs exactly 6 digits', () => {
    expect(oneTimeCodeFormSchema.parse({ oneTimeCode: ' 123 456 ' })).toEqual({ oneTimeCode: '123456' });
    expect(errorsOf(linkTokenPayloadSchema, { token: 'abc' })).toEqual({});
  });
  it.each([
    [{ oneTimeCode: '12345' }, 'oneTimeCode.invalid'],
    [{ oneTimeCode: '1234567' }, 'oneTimeCode.invalid'],
    [{}, 'oneTimeCode.required'],
  ])('refuses a code that is not 6 digits: %o is %s', (input, error) => {
    expect(errorsOf(oneTimeCodeFormSchema, input)).toEqual({ oneTimeCode: error });
  });

  it('checks the full and simple recipient forms', () => {
    const contact = {
      recipientEmail: 'r@example.com',
      recipientPhoneNumber: '07700 900123',
      applicantEmail: 'a@example.com',
    };
    expect(recipientContactFormSchema.parse(contact)).toEqual({
      ...contact,
      recipientPhoneNumber: '07700900123',
    });
    const full = {
      ...contact,
      recipientName: ' Jo ',
      recipientPositionAppliedFor: 'Nurse',
      recipientAddress: { line1: '1 High St', town: 'Leeds', postcode: 'ls11aa', country: 'GB' },
    };
    expect(recipientDetailsFormSchema.parse(full)).toMatchObject({
      recipientName: 'Jo',
      recipientAddress: { postcode: 'LS1 1AA' },
    });
    expect(
      errorsOf(recipientDetailsFormSchema, { ...full, recipientName: 'x'.repeat(251), recipientAddress: {} }),
    ).toEqual({
      recipientName: 'recipient.recipientName.tooLong',
      'recipientAddress.line1': 'recipient.recipientAddress.line1.required',
      'recipientAddress.town': 'recipient.recipientAddress.town.required',
      'recipientAddress.country': 'recipient.recipientAddress.country.required',
      'recipientAddress.postcode': 'recipient.recipientAddress.postcode.required',
    });
  });
});

describe('filters', () => {
  it('checks the results search panel', () => {
    const schema = resultsFilterFormSchema({ now });
    expect(
      schema.parse({ applicantName: ' Jo ', csgCode: 'AB12', dateOfIssue: '15/06/2025', viewCsg: 'MINE' }),
    ).toEqual({
      applicantName: 'Jo',
      csgCode: 'AB12',
      dateOfIssue: '15/06/2025',
      viewCsg: 'MINE',
    });
    expect(
      errorsOf(schema, {
        applicantName: 'x'.repeat(131),
        csgCode: 'ABCDEFGHIJ',
        dateOfIssue: '31/02/2024',
        viewedStatus: 'X',
      }),
    ).toEqual({
      applicantName: 'resultsFilter.applicantName.tooLong',
      csgCode: 'resultsFilter.csgCode.tooLong',
      dateOfIssue: 'resultsFilter.dateOfIssue.invalid',
      viewedStatus: 'resultsFilter.viewedStatus.invalid',
    });
    expect(errorsOf(schema, { csgCode: 'AB-1', dateOfIssue: '16/06/2025' })).toEqual({
      csgCode: 'resultsFilter.csgCode.invalid',
      dateOfIssue: 'resultsFilter.dateOfIssue.future',
    });
    expect(errorsOf(resultsFilterFormSchema(), { dateOfIssue: '01/01/2000' })).toEqual({});
    expect(parseDisplayDate('2025-01-01')).toBeUndefined();
  });

  it('turns the panel into the results-summary query', () => {
    expect(
      resultsFilterToQuery({ dateOfIssue: '5/6/2025', viewCsg: 'MINE', viewedStatus: 'VIEWED' }, 'u1'),
    ).toEqual({
      dateOfIssue: '2025-06-05',
      viewedStatus: 'VIEWED',
      userId: 'u1',
    });
    expect(resultsFilterToQuery({ applicantName: 'Jo', viewCsg: 'ORGANISATION' }, 'u1')).toEqual({
      applicantName: 'Jo',
    });
    expect(errorsOf(resultsSummaryQuerySchema, { dateOfIssue: '2025-02-30' })).toEqual({
      dateOfIssue: 'resultsFilter.dateOfIssue.invalid',
    });
  });

  it('reads the applications list query', () => {
    expect(applicationsFilterSchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(
      applicationsFilterSchema.parse({
        status: 'EXPIRED',
        orgResults: 'true',
        page: '3',
        pageSize: '50',
        searchedAt: '2025-06-15T10:00:00Z',
      }),
    ).toEqual({
      status: 'EXPIRED',
      orgResults: true,
      page: 3,
      pageSize: 50,
      searchedAt: '2025-06-15T10:00:00Z',
    });
    expect(
      errorsOf(applicationsFilterSchema, {
        status: 'READY_TO_START',
        orgResults: 'x',
        page: '0',
        pageSize: '7',
      }),
    ).toEqual({
      status: 'applicationsFilter.status.invalid',
      orgResults: 'applicationsFilter.orgResults.invalid',
      page: 'applicationsFilter.page.invalid',
      pageSize: 'applicationsFilter.pageSize.invalid',
    });
    expect(disclosureSummariesQuerySchema.parse({ showOrganisationDisclosures: 'false' })).toMatchObject({
      showOrganisationDisclosures: false,
    });
  });
});

describe('CSV upload', () => {
  const filename = 'RB123_20250615_101500.csv';
  const file = (rows: number, extra = '') => `surname,forename\n${'Smith,Jo\n\n'.repeat(rows)}${extra}`;
  const upload = (over: Partial<Parameters<typeof validateCsvUpload>[0]> = {}) =>
    validateCsvUpload({ filename, sizeBytes: 100, content: file(1), registeredBodyCode: 'RB123', ...over });

  it('accepts 1 to 100 data rows, ignoring blank lines and the header', () => {
    expect(upload({ content: file(100, ' , \n') })).toMatchObject({
      ok: true,
      header: ['surname', 'forename'],
    });
    expect(upload({ content: file(101) })).toEqual({ ok: false, code: 'CSV_EXCEEDS_ROW_LIMIT' });
    expect(upload({ content: 'surname,forename\n\n' })).toEqual({ ok: false, code: 'CSV_NO_CONTENT' });
    expect(upload({ content: '' })).toEqual({ ok: false, code: 'CSV_NO_CONTENT' });
    expect(upload({ content: 'a,"b\n' })).toEqual({ ok: false, code: 'CSV_INVALID_FORMAT' });
  });

  it('accepts 500 KB and refuses one byte more', () => {
    expect(upload({ sizeBytes: 500 * 1024 }).ok).toBe(true);
    expect(upload({ sizeBytes: 500 * 1024 + 1 })).toEqual({ ok: false, code: 'CSV_EXCEEDS_SIZE_LIMIT' });
    expect(upload({ sizeBytes: 0 })).toEqual({ ok: false, code: 'CSV_FILE_REQUIRED' });
    expect(upload({ filename: undefined })).toEqual({ ok: false, code: 'CSV_FILE_REQUIRED' });
  });

  it('checks the filename and the registered body code', () => {
    expect(upload({ filename: 'RB123-20250615-101500.csv' })).toEqual({
      ok: false,
      code: 'INVALID_FILENAME_FORMAT',
    });
    expect(upload({ filename: 'RB123_2025061_101500.csv' })).toEqual({
      ok: false,
      code: 'INVALID_FILENAME_FORMAT',
    });
    expect(upload({ registeredBodyCode: 'RB999' })).toEqual({
      ok: false,
      code: 'RB_CODE_DOES_NOT_MATCH_USER',
    });
    expect(upload({ registeredBodyCode: ' ' })).toEqual({ ok: false, code: 'RB_CODE_DOES_NOT_MATCH_USER' });
    expect(upload({ registeredBodyCode: 'rb123' }).ok).toBe(true);
  });
});

describe('messages', () => {
  it('words the keys in GOV.UK style', () => {
    expect(messageText('applicantDetails.firstName.required')).toBe("Enter the applicant's first name");
    expect(messageText('applicantDetails.firstName.tooLong')).toBe(
      'First name must be 100 characters or less',
    );
    expect(messageText('dateOfBirth.future')).toBe('Date of birth must be in the past');
    expect(messageText('no.such.key')).toBe('no.such.key');
    expect(Object.values(validationMessages).every((text) => text.length > 0)).toBe(true);
  });

  it('keeps the first issue of each path', () => {
    const result = z.object({ a: z.string().min(3, 'first').regex(/x/, 'second') }).safeParse({ a: 'b' });
    expect(result.success).toBe(false);
    expect(fieldErrorsFrom(result.error!)).toEqual({ a: 'first' });
  });
});
