import { londonDate, toInstant } from './dates';

/**
 * Organisation users agree to the declaration once per day. `signedOn` is either a calendar date
 * (YYYY-MM-DD, taken as a London date) or an ISO instant; "today" is the London calendar day, so a
 * declaration signed at 23:30 BST does not carry over to the next morning.
 */
export function isDeclarationSignedToday(signedOn: string | null, now: Date): boolean {
  if (!signedOn) return false;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(signedOn) ? signedOn : safeLondonDate(signedOn);
  return day !== null && day === londonDate(now);
}

function safeLondonDate(value: string): string | null {
  try {
    return londonDate(toInstant(value));
  } catch {
    // A corrupted local value means "not signed": the user is simply asked again.
    return null;
  }
}
