import { Unavailable } from '../../../core/domain-errors';

/**
 * Node's codes for a connection that was refused, reset or never made: the service is not there
 * (a restarting emulator, a network fault).
 */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** The AWS services' names for "too many requests, slow down". */
const THROTTLING_NAMES = new Set([
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'TransactionInProgressException',
]);

interface SdkLikeError {
  readonly name?: unknown;
  readonly code?: unknown;
  readonly $metadata?: { readonly httpStatusCode?: unknown };
  readonly $fault?: unknown;
  readonly cause?: unknown;
}

/**
 * Whether an error from an AWS SDK call (after its retries) means the service is unavailable for
 * now: a timeout (the SDK's TimeoutError), a refused or dropped connection, throttling, or the
 * service's own 5xx. A 4xx answer (a failed condition, a missing item) is not: that is the call's.
 */
export function isUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 4; depth++) {
    const { name, code, $metadata, $fault, cause } = e as SdkLikeError;
    if (name === 'TimeoutError' || name === 'RequestTimeout') return true;
    if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return true;
    if (typeof name === 'string' && THROTTLING_NAMES.has(name)) return true;
    const status = $metadata?.httpStatusCode;
    if ($fault === 'server' || (typeof status === 'number' && status >= 500)) return true;
    // AggregateError (a connection tried on IPv6 and IPv4) and wrapped errors carry the cause.
    const inner = (e as { errors?: unknown }).errors;
    e = Array.isArray(inner) && inner.length > 0 ? inner[0] : cause;
  }
  return false;
}

/**
 * The error an edge should map: an unavailable service becomes the domain's Unavailable (keeping
 * the original as its cause, for the logs); anything else is returned as it is.
 */
export function asUnavailable(error: unknown): unknown {
  return isUnavailable(error) ? new Unavailable(undefined, { cause: error }) : error;
}
