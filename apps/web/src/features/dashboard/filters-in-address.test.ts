import { describe, expect, it } from 'vitest';
import { searchProblems } from '../results/organisation-pages';
import { filterProblems } from './organisation-filters';

// Searches sent without JavaScript (get forms) arrive in the address: the pages check them by the forms' rules.
describe('filters in the address', () => {
  it('the dashboard’s: none for good or no filters, the form’s message key for each refused one', () => {
    expect(filterProblems(new URLSearchParams(''))).toEqual({});
    expect(filterProblems(new URLSearchParams('applicantName=Ann+Example&status=SUBMITTED'))).toEqual({});
    const problems = filterProblems(new URLSearchParams('applicantName=R2D2&status=NOPE&csgCode='));
    expect(Object.keys(problems).sort()).toEqual(['applicantName', 'status']);
    expect(problems.status).toBe('applicationsFilter.status.invalid');
  });

  it('the results search’s: a date of issue that is not a date, a name with digits', () => {
    expect(searchProblems(new URLSearchParams('viewCsg=ORGANISATION&applicantName=Ann'))).toEqual({});
    const problems = searchProblems(new URLSearchParams('applicantName=R2D2&dateOfIssue=31/02/2026'));
    expect(Object.keys(problems).sort()).toEqual(['applicantName', 'dateOfIssue']);
    expect(problems.dateOfIssue).toBe('resultsFilter.dateOfIssue.invalid');
  });
});
