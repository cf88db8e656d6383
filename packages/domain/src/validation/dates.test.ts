import { describe, expect, it } from 'vitest';
import {
  additionalInformationFormSchema,
  additionalInformationPayloadSchema,
} from './additional-information';
import { dateOfBirthFormSchema, dateOfBirthKindFor, datePartsSchema, minimumAgeFor } from './date-of-birth';
import { parseIsoDate, toIsoDate, yearsBefore } from './dates';
import { errorsOf } from './test-helpers';

const now = new Date('2025-06-15T12:00:00Z');
const dob = (day: string, month: string, year: string) => ({ dateOfBirth: { day, month, year } });

describe('date of birth', () => {
  const standard = dateOfBirthFormSchema('standard', { now });
  const scheme = dateOfBirthFormSchema('scheme', { now });

  it('is 12 on the birthday, 11 the day before', () => {
    expect(errorsOf(standard, dob('15', '6', '2013'))).toEqual({});
    expect(errorsOf(standard, dob('16', '6', '2013'))).toEqual({ dateOfBirth: 'dateOfBirth.tooYoung' });
  });

  it('is 16 for scheme journeys', () => {
    expect(errorsOf(scheme, dob('15', '6', '2009'))).toEqual({});
    expect(errorsOf(scheme, dob('16', '6', '2009'))).toEqual({ dateOfBirth: 'dateOfBirth.tooYoungScheme' });
    expect(errorsOf(scheme, dob('15', '6', '2010'))).toEqual({ dateOfBirth: 'dateOfBirth.tooYoungScheme' });
  });

  it('starts at 1900-01-01', () => {
    expect(errorsOf(standard, dob('1', '1', '1900'))).toEqual({});
    expect(errorsOf(standard, dob('31', '12', '1899'))).toEqual({ dateOfBirth: 'dateOfBirth.tooEarly' });
  });

  it('must be a real date in the past', () => {
    expect(errorsOf(standard, dob('30', '2', '2000'))).toEqual({ dateOfBirth: 'dateOfBirth.invalid' });
    expect(errorsOf(standard, dob('1', '13', '2000'))).toEqual({ dateOfBirth: 'dateOfBirth.invalid' });
    expect(errorsOf(standard, dob('a', '1', '2000'))).toEqual({ dateOfBirth: 'dateOfBirth.invalid' });
    expect(errorsOf(standard, dob('1', '1', '99'))).toEqual({ dateOfBirth: 'dateOfBirth.invalid' });
    expect(errorsOf(standard, dob('15', '6', '2025'))).toEqual({ dateOfBirth: 'dateOfBirth.future' });
    expect(errorsOf(standard, { dateOfBirth: { day: 1.5, month: 1, year: 2000 } })).toEqual({
      dateOfBirth: 'dateOfBirth.invalid',
    });
    expect(errorsOf(standard, { dateOfBirth: 'x' })).toEqual({ dateOfBirth: 'dateOfBirth.invalid' });
  });

  it('needs every part; a day without a month is invalid', () => {
    expect(errorsOf(standard, dob('', '', ''))).toEqual({ dateOfBirth: 'dateOfBirth.required' });
    expect(errorsOf(standard, dob('12', '', '2000'))).toEqual({
      'dateOfBirth.month': 'dateOfBirth.monthRequired',
    });
    expect(errorsOf(standard, { dateOfBirth: { month: 1, year: 2000 } })).toEqual({
      'dateOfBirth.day': 'dateOfBirth.dayRequired',
    });
    expect(errorsOf(standard, { dateOfBirth: { day: null, month: 1 } })).toEqual({
      'dateOfBirth.day': 'dateOfBirth.dayRequired',
      'dateOfBirth.year': 'dateOfBirth.yearRequired',
    });
  });

  it('parses to numbers and re-parses to the same value', () => {
    const once = standard.parse(dob(' 05 ', '06', '1990'));
    expect(once).toEqual({ dateOfBirth: { day: 5, month: 6, year: 1990 } });
    expect(standard.parse(once)).toEqual(once);
  });

  it('reads the clock at parse time without options', () => {
    expect(errorsOf(dateOfBirthFormSchema('standard'), dob('1', '1', '3000'))).toEqual({
      dateOfBirth: 'dateOfBirth.future',
    });
    expect(errorsOf(datePartsSchema('x'), { day: 1, month: 1, year: 3000 })).toEqual({});
  });

  it('uses the London date', () => {
    // 23:30 UTC on 14 June is already 15 June in London (BST).
    const lateEvening = new Date('2025-06-14T23:30:00Z');
    expect(errorsOf(dateOfBirthFormSchema('standard', { now: lateEvening }), dob('15', '6', '2013'))).toEqual(
      {},
    );
  });

  it('knows the scheme types', () => {
    expect(dateOfBirthKindFor('PA')).toBe('scheme');
    expect(dateOfBirthKindFor('LB')).toBe('standard');
    expect(minimumAgeFor('scheme')).toBe(16);
    expect(yearsBefore({ year: 2024, month: 2, day: 29 }, 12)).toEqual({ year: 2012, month: 2, day: 29 });
    expect(yearsBefore({ year: 2024, month: 2, day: 29 }, 1)).toEqual({ year: 2023, month: 2, day: 28 });
    expect(toIsoDate({ year: 2001, month: 2, day: 3 })).toBe('2001-02-03');
    expect(parseIsoDate('2001-02-30')).toBeUndefined();
    expect(parseIsoDate('01/02/2001')).toBeUndefined();
  });
});

describe('additional information', () => {
  it('needs a real date and a reference, not age rules', () => {
    expect(
      additionalInformationFormSchema.parse({
        dateOfBirth: { day: '1', month: '1', year: '2020' },
        applicationReference: ' ab-12 ',
      }),
    ).toEqual({ dateOfBirth: { day: 1, month: 1, year: 2020 }, applicationReference: 'ab-12' });
    expect(
      errorsOf(additionalInformationFormSchema, { dateOfBirth: { day: '31', month: '4', year: '2000' } }),
    ).toEqual({
      dateOfBirth: 'additionalInformation.dateOfBirth.invalid',
      applicationReference: 'additionalInformation.applicationReference.required',
    });
  });
  it('checks the call payload', () => {
    expect(
      errorsOf(additionalInformationPayloadSchema, {
        token: ' ',
        applicantDateOfBirth: '2000-02-30',
        applicationReference: 'A B',
      }),
    ).toEqual({
      token: 'additionalInformation.token.required',
      applicantDateOfBirth: 'additionalInformation.dateOfBirth.invalid',
      applicationReference: 'additionalInformation.applicationReference.invalid',
    });
  });
});
