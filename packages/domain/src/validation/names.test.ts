import { describe, expect, it } from 'vitest';
import { applicantDetailsFormSchema } from './applicant-details';
import { currentNameFormSchema, mothersMaidenNameFormSchema } from './names';
import { previousNameCheckFormSchema, previousNamesFormSchema, previousNamesSchema } from './previous-names';
import { errorsOf } from './test-helpers';

const now = new Date('2025-06-15T12:00:00Z');

describe('current name', () => {
  it('stores a trimmed name without a stale other title', () => {
    expect(
      currentNameFormSchema.parse({
        title: 'Mr',
        otherTitle: 'Prof',
        forename: ' Seán ',
        middleNames: '',
        surname: 'O’Neil',
      }),
    ).toEqual({ title: 'Mr', forename: 'Seán', surname: "O'Neil" });
    expect(
      currentNameFormSchema.parse({ title: 'Other', otherTitle: 'Professor', forename: 'A', surname: 'B' }),
    ).toEqual({
      title: 'Other',
      otherTitle: 'Professor',
      forename: 'A',
      surname: 'B',
    });
  });

  it('reports each missing or wrong part', () => {
    expect(errorsOf(currentNameFormSchema, {})).toEqual({
      title: 'currentName.title.required',
      forename: 'currentName.forename.required',
      surname: 'currentName.surname.required',
    });
    expect(
      errorsOf(currentNameFormSchema, {
        title: 'Dr',
        forename: 'J0hn',
        middleNames: 'x'.repeat(101),
        surname: 'S',
      }),
    ).toEqual({
      forename: 'currentName.forename.invalid',
      middleNames: 'currentName.middleNames.tooLong',
    });
    expect(errorsOf(currentNameFormSchema, { title: 'Other', forename: 'A', surname: 'B' })).toEqual({
      otherTitle: 'currentName.otherTitle.required',
    });
    expect(
      errorsOf(currentNameFormSchema, {
        title: 'Other',
        otherTitle: 'x'.repeat(31),
        forename: 'A',
        surname: 'B',
      }),
    ).toEqual({
      otherTitle: 'currentName.otherTitle.tooLong',
    });
  });

  it('caps names at 100', () => {
    expect(
      errorsOf(currentNameFormSchema, { title: 'Mr', forename: 'a'.repeat(100), surname: 'b'.repeat(101) }),
    ).toEqual({
      surname: 'currentName.surname.tooLong',
    });
  });

  it("mother's maiden name is required", () => {
    expect(errorsOf(mothersMaidenNameFormSchema, { mothersMaidenName: ' ' })).toEqual({
      mothersMaidenName: 'mothersMaidenName.required',
    });
  });
});

describe('previous names', () => {
  const name = { forename: 'Ann', surname: 'Lee' };
  it('accepts 20 and refuses 21', () => {
    expect(errorsOf(previousNamesSchema, Array(20).fill(name))).toEqual({});
    expect(errorsOf(previousNamesSchema, Array(21).fill(name))).toEqual({ '': 'previousNames.tooMany' });
  });

  it('needs a name when yes and keeps none when no', () => {
    expect(errorsOf(previousNamesFormSchema, { hasPreviousNames: 'yes' })).toEqual({
      previousNames: 'previousNames.required',
    });
    expect(previousNamesFormSchema.parse({ hasPreviousNames: 'no', previousNames: [name] })).toEqual({
      hasPreviousNames: false,
      previousNames: [],
    });
    expect(previousNamesFormSchema.parse({ hasPreviousNames: 'yes', previousNames: [name] })).toEqual({
      hasPreviousNames: true,
      previousNames: [name],
    });
    expect(errorsOf(previousNamesSchema, [{ forename: 'Ann' }])).toEqual({
      '0.surname': 'previousName.surname.required',
    });
    expect(errorsOf(previousNameCheckFormSchema, {})).toEqual({
      hasPreviousNames: 'previousNames.hasPreviousNames.required',
    });
  });
});

describe('organisation applicant details', () => {
  const valid = {
    firstName: 'Jo',
    lastName: 'Bloggs',
    dateOfBirth: { day: '1', month: '2', year: '1990' },
    email: 'jo@example.com',
  };
  it('accepts a complete form', () => {
    expect(applicantDetailsFormSchema('standard', { now }).parse(valid)).toEqual({
      ...valid,
      dateOfBirth: { day: 1, month: 2, year: 1990 },
    });
  });
  it('reports its keys', () => {
    expect(errorsOf(applicantDetailsFormSchema('scheme', { now }), { middleName: '3' })).toEqual({
      firstName: 'applicantDetails.firstName.required',
      middleName: 'applicantDetails.middleName.invalid',
      lastName: 'applicantDetails.lastName.required',
      dateOfBirth: 'applicantDetails.dateOfBirth.required',
      email: 'applicantDetails.email.required',
    });
  });
});
