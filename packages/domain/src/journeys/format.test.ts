import { describe, expect, it } from 'vitest';
import type { PersonNameAnswer } from './answers';
import {
  applicantDisplayName,
  addressText,
  dateText,
  genderText,
  lines,
  monthText,
  nameText,
  workforcesText,
  yesNoText,
} from './format';

describe('summary text', () => {
  it('shows well-formed answers in the spec display formats', () => {
    expect(dateText({ day: 3, month: 4, year: 1990 })).toEqual(['03 April 1990']);
    expect(monthText({ month: 12, year: 2020 })).toEqual(['December 2020']);
    expect(nameText({ title: 'Other', otherTitle: 'Prof', forename: 'Ann', surname: 'Lee' })).toEqual([
      'Prof Ann Lee',
    ]);
    expect(addressText({ line1: '1 High St', county: ' ', postcode: 'LS1 1AA' })).toEqual([
      '1 High St',
      'LS1 1AA',
    ]);
    expect(workforcesText(['CHILD', 'ADULT'])).toEqual(['Children', 'Protected adults']);
    expect(genderText('M')).toEqual(['Male']);
    expect(yesNoText(false)).toEqual(['No']);
    expect(lines('a', 2, null, '')).toEqual(['a', '2']);
  });

  it('shows nothing for missing or malformed answers instead of throwing', () => {
    expect(dateText(undefined)).toEqual([]);
    expect(dateText({ day: 3, month: 13, year: 1990 })).toEqual([]);
    expect(dateText({ day: '3', month: 4, year: 1990 } as never)).toEqual([]);
    expect(dateText({ day: 3, month: 4, year: '1990' } as never)).toEqual([]);
    expect(monthText(undefined)).toEqual([]);
    expect(monthText({ month: 1, year: '2020' } as never)).toEqual([]);
    expect(nameText(undefined)).toEqual([]);
    expect(nameText({} as PersonNameAnswer)).toEqual([]);
    expect(addressText(undefined)).toEqual([]);
    expect(workforcesText('CHILD')).toEqual([]);
    expect(workforcesText(['CHILD', 'PETS', 3])).toEqual(['Children']);
    expect(genderText('X')).toEqual([]);
    expect(genderText(1)).toEqual([]);
    expect(yesNoText('yes')).toEqual([]);
  });
});

describe('applicantDisplayName', () => {
  it('joins forename, middle names and surname without the title, and is empty with no name', () => {
    const withTitle: PersonNameAnswer = { title: 'Dr', forename: 'Alex', middleNames: 'J', surname: 'Smith' };
    expect(applicantDisplayName(withTitle)).toBe('Alex J Smith');
    expect(applicantDisplayName({ forename: 'Alex', surname: 'Smith' })).toBe('Alex Smith');
    expect(applicantDisplayName(undefined)).toBe('');
    expect(applicantDisplayName(null)).toBe('');
  });
});
