import { describe, expect, it } from 'vitest';
import { identityMatchesApplicant, surnameForMatch } from './identity-match';

describe('surnameForMatch', () => {
  it.each([
    ['  Morgan ', 'morgan'],
    ['O’Néill-Smith', "o'neill smith"],
    ['o neill  smith', 'o neill smith'],
    ['MACDONALD', 'macdonald'],
    [undefined, ''],
    ['   ', ''],
    [42, ''],
  ])('%j → %j', (value, expected) => {
    expect(surnameForMatch(value)).toBe(expected);
  });
});

describe('identityMatchesApplicant', () => {
  const identity = { surname: 'Morgan', dateOfBirth: '1990-04-12' };
  const dob = { day: 12, month: 4, year: 1990 };
  it('matches the same surname (normalised) and date of birth', () => {
    expect(identityMatchesApplicant({ surname: ' MORGAN', dateOfBirth: dob }, identity)).toBe(true);
    expect(
      identityMatchesApplicant(
        { surname: 'O’Brien-Smith', dateOfBirth: { day: 1, month: 2, year: 1980 } },
        { surname: "o'brien smith", dateOfBirth: '1980-02-01' },
      ),
    ).toBe(true);
  });
  it.each([
    ['another surname', { surname: 'Morgans', dateOfBirth: dob }, identity],
    ['another date of birth', { surname: 'Morgan', dateOfBirth: { ...dob, day: 13 } }, identity],
    ['no surname entered', { dateOfBirth: dob }, identity],
    ['no date of birth entered', { surname: 'Morgan' }, identity],
    ['a part of the date missing', { surname: 'Morgan', dateOfBirth: { month: 4, year: 1990 } }, identity],
    [
      'nothing on the identity record',
      { surname: 'Morgan', dateOfBirth: dob },
      { surname: null, dateOfBirth: null },
    ],
  ])('refuses %s', (_label, entered, record) => {
    expect(identityMatchesApplicant(entered, record)).toBe(false);
  });
});
