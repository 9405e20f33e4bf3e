import {
  RETRY_BASE_DELAY_MS,
  RETRY_MAX_ATTEMPTS,
  RETRY_MAX_DELAY_MS,
  RETRY_MAX_JITTER_MS,
} from './constants';

/**
 * The transport retry policy of SPEC §7/§9: up to 3 attempts on network errors, throttling, HTTP
 * 429/500/502/503/504 and time-outs, waiting 2^attempt × 100 ms plus up to 100 ms of jitter (the
 * jitter spreads clients that failed together), capped at 300000 ms.
 */

/**
 * The wait before the next attempt, `attempt` being the number of attempts made so far (1 after
 * the first failure: 200–300 ms, then 400–500 ms).
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  return Math.min(
    2 ** attempt * RETRY_BASE_DELAY_MS + random() * RETRY_MAX_JITTER_MS,
    RETRY_MAX_DELAY_MS,
  );
}

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

export const isRetryableStatus = (status: number): boolean => RETRYABLE_STATUSES.has(status);

// AWS service throttling codes (as the SDKs list them).
const THROTTLING = new Set([
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'TooManyRequestsException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'ProvisionedThroughputExceededException',
  'BandwidthLimitExceeded',
  'SlowDown',
  'PriorRequestNotComplete',
  'EC2ThrottledException',
]);

// AbortError counts: fetch wrappers time requests out by aborting them. A caller's own
// cancellation is told apart by its signal (see withRetry), not by the error.
const TIMEOUTS = new Set([
  'TimeoutError',
  'AbortError',
  'RequestTimeout',
  'RequestTimeoutException',
]);

const NETWORK_NAMES = new Set(['NetworkError', 'Network error']);

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

// What fetch throws (as a TypeError) when the request never got an answer, per runtime.
const NETWORK_MESSAGES = [
  'Failed to fetch', // Chromium
  'NetworkError when attempting to fetch resource', // Firefox
  'Load failed', // Safari
  'fetch failed', // Node (undici); the cause carries the socket error code
  'Network request failed', // React Native, polyfills
];

type ErrorLike = {
  readonly name?: unknown;
  readonly code?: unknown;
  readonly message?: unknown;
  readonly status?: unknown;
  readonly statusCode?: unknown;
  readonly $metadata?: { readonly httpStatusCode?: unknown };
  readonly response?: { readonly status?: unknown };
  readonly cause?: unknown;
};

const statusOf = (e: ErrorLike): unknown =>
  e.status ?? e.statusCode ?? e.$metadata?.httpStatusCode ?? e.response?.status;

/** §7: whether a failed call is worth another attempt. */
export function isRetryable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as ErrorLike;
  const name = typeof e.name === 'string' ? e.name : '';
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  const status = statusOf(e);
  if (typeof status === 'number' && isRetryableStatus(status)) return true;
  if (THROTTLING.has(name) || THROTTLING.has(code)) return true;
  if (TIMEOUTS.has(name) || TIMEOUTS.has(code)) return true;
  if (NETWORK_NAMES.has(name) || NETWORK_CODES.has(code)) return true;
  if (name === 'TypeError' && NETWORK_MESSAGES.some((m) => message.includes(m))) return true;
  // Node wraps the socket error: TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }).
  return depth < 3 && e.cause !== undefined && isRetryable(e.cause, depth + 1);
}

export interface RetryOptions {
  /** Attempts in all, the first included (default RETRY_MAX_ATTEMPTS = 3). */
  readonly maxAttempts?: number;
  /** Waits between attempts; injectable so tests need no timers. */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
  readonly isRetryable?: (error: unknown) => boolean;
  /** The caller's cancellation: once aborted, no further attempt is made. */
  readonly signal?: AbortSignal;
  /** Called before each wait, e.g. to log the retry. */
  readonly onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` (given the 1-based attempt number) until it succeeds, fails with an error that is not
 * retryable, or has used its attempts; then rethrows the last error.
 */
export async function withRetry<T>(
  fn: (attempt: number) => Promise<T>,
  {
    maxAttempts = RETRY_MAX_ATTEMPTS,
    sleep = defaultSleep,
    random = Math.random,
    isRetryable: retryable = isRetryable,
    signal,
    onRetry,
  }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (attempt >= maxAttempts || signal?.aborted || !retryable(error)) throw error;
      const delay = retryDelayMs(attempt, random);
      onRetry?.(error, attempt, delay);
      await sleep(delay);
      if (signal?.aborted) throw error;
    }
  }
}
