/**
 * Where a test app's clock starts: now, so that what the app stamps agrees with the real clock the libraries read
 * (the identity provider's tokens, cookies), but never in the last three hours of a London day. Tests move the
 * clock on by minutes or hours, and a countersignatory's declaration holds for the London day it was signed on:
 * started at 23:50, a test that moves on 15 minutes would lose it at midnight and fail by the time of day it ran,
 * not by anything the service did. Late in the day the clock starts three hours on, after midnight.
 */
export function testClockStart(now: Date = new Date()): Date {
  const londonHour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: 'numeric', hourCycle: 'h23' }).format(
      now,
    ),
  );
  return londonHour >= LATE_HOUR ? new Date(now.getTime() + 3 * HOUR_MS) : now;
}

const LATE_HOUR = 21;
const HOUR_MS = 60 * 60 * 1000;
