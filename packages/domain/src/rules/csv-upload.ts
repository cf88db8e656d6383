import { CSV_POLL_AWAITING_MS, CSV_POLL_DEFAULT_MS, CSV_POLL_SUBMITTED_MS } from '../limits';

/** Polling interval of a CSV batch by status; null once it is PROCESSED or FAILED (stop polling). */
export function csvPollIntervalMs(status: string | null | undefined): number | null {
  switch (status) {
    case 'AWAITING':
      return CSV_POLL_AWAITING_MS;
    case 'SUBMITTED':
      return CSV_POLL_SUBMITTED_MS;
    case 'PROCESSED':
    case 'FAILED':
      return null;
    default:
      return CSV_POLL_DEFAULT_MS;
  }
}
