import { describe, expect, it } from 'vitest';
import { filterProblems } from './filter-rules';

// Searches sent without JavaScript (get forms) arrive in the address: the pages check them by the forms' rules.
describe('filters in the address', () => {
  it('the dashboard’s: none for good or no filters, the form’s message key for each refused one', () => {
    expect(filterProblems(new URLSearchParams(''))).toEqual({});
    expect(filterProblems(new URLSearchParams('applicantName=Ann+Example&status=SUBMITTED'))).toEqual({});
    const problems = filterProblems(new URLSearchParams('applicantName=R2D2&status=NOPE&csgCode='));
    expect(Object.keys(problems).sort()).toEqual(['applicantName', 'status']);
    expect(problems.status).toBe('applicationsFilter.status.invalid');
  });
});
