import { describe, expect, it } from 'vitest';
import { searchProblems } from './organisation-pages';

// A search sent without JavaScript (a get form) arrives in the address: the page checks it by the panel's rules.
describe('the results search in the address', () => {
  it('has no problems for a good search, the panel’s message key for each refused field', () => {
    expect(searchProblems(new URLSearchParams('viewCsg=ORGANISATION&applicantName=Ann'))).toEqual({});
    const problems = searchProblems(new URLSearchParams('applicantName=R2D2&dateOfIssue=31/02/2026'));
    expect(Object.keys(problems).sort()).toEqual(['applicantName', 'dateOfIssue']);
    expect(problems.dateOfIssue).toBe('resultsFilter.dateOfIssue.invalid');
  });
});
