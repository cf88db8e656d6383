import { ApiError } from './errors';

/**
 * A dependency the service cannot work without (Redis, the database) is down. The person gets the standard body
 * with 503 at once, and the web shows the service-unavailable page, instead of a 500 or a long wait.
 */
export const TEMPORARILY_UNAVAILABLE = 'TEMPORARILY_UNAVAILABLE';

export const serviceUnavailable = (): ApiError =>
  new ApiError(503, TEMPORARILY_UNAVAILABLE, 'Sorry, the service is unavailable. Try again later.');

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** ioredis's refusals when it has no connection (offline queue off) or gave up on one. */
const REDIS_UNAVAILABLE =
  /Stream isn't writeable|Connection is closed|enableOfflineQueue|Command timed out|Reached the max retries/;

/** Whether an error means a dependency could not be reached, rather than a fault in our own code. */
export function isDependencyUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  return error.name === 'MaxRetriesPerRequestError' || REDIS_UNAVAILABLE.test(error.message);
}
