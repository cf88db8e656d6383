import { afterEach, expect } from 'vitest';
import { reactErrors } from './browser';

// A test fails if React reported an error in any of its pages: the server's HTML not taken over as it was (a
// hydration mismatch) or an error React caught (decision 0038).
afterEach(() => {
  const seen = reactErrors.splice(0);
  expect(seen, 'React errors in the browser').toEqual([]);
});
