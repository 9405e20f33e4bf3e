import pThrottle from 'p-throttle';
import type * as z from 'zod';
import { isRetryable, isRetryableStatus, withRetry } from '../../../core/retry';
import { logger } from '../../shared/observability/logger';
import { fmpWords, planRefusalIn } from './error-words';
import { ProviderError } from './provider-error';

/**
 * Root of FMP's stable API. FMP retired the legacy /api/v3 and /api/v4 for every key sold since
 * 2025-08-31 (they answer 403 "Legacy Endpoint"), so every path is a stable one: '/stable/…', the
 * symbol in the query (`symbol`, or `symbols` for batch endpoints), never in the path.
 */
export const FMP_BASE_URL = 'https://financialmodelingprep.com';
/** The prefix of every path the client may GET. */
export const FMP_STABLE_PREFIX = '/stable/';
/** Per attempt, body included; a hung connection must not eat the Lambda's time. */
export const FMP_ATTEMPT_TIMEOUT_MS = 10_000;
/** Of a failed answer's body, only this much is read: enough for FMP's words, never a page. */
export const FMP_ERROR_BODY_BYTES = 2048;
/**
 * Calls a client starts per minute by default: the per-minute limit of FMP's Starter plan, the
 * smallest plan with one. Calls beyond it wait their turn rather than meet FMP's 429.
 */
export const FMP_DEFAULT_CALLS_PER_MINUTE = 300;

export type FmpQuery = Readonly<Record<string, string | number | undefined>>;

export interface FmpClientOptions {
  readonly apiKey: () => Promise<string>;
  readonly baseUrl?: string;
  readonly fetch?: typeof fetch;
  /** Waits between attempts (tests pass one that does not wait). */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
  readonly attemptTimeoutMs?: number;
  /** Called before each retry; logs a warning by default. */
  readonly onRetry?: (error: ProviderError, attempt: number, delayMs: number) => void;
  /**
   * Attempts (retries included) this client starts per minute at most (FMP_DEFAULT_CALLS_PER_MINUTE
   * by default; the plan's own limit where it is higher). Per client, so per Lambda instance: the
   * ingest, one function, keeps within the plan; 429s beyond it are retried with backoff.
   */
  readonly callsPerMinute?: number;
}

export interface FmpClient {
  /**
   * GETs `path` (e.g. '/stable/quote', with `{ symbol: 'AAPL' }`) and returns the body parsed by
   * `schema`. Throws a TypeError for a path outside '/stable/' (a programming error), else a
   * ProviderError: 429, 500/502/503/504, network errors and time-outs are retried (SPEC §7/§9);
   * a refusal by the key's plan (kind 'plan') and anything else (other statuses, malformed JSON,
   * an unexpected shape) fail at once.
   */
  get<T>(path: string, query: FmpQuery, schema: z.ZodType<T>): Promise<T>;
}

const logRetry = (error: ProviderError, attempt: number, delayMs: number) =>
  logger.warn(`${error.message}; attempt ${attempt} failed, retrying in ${Math.round(delayMs)} ms`);

export function createFmpClient(options: FmpClientOptions): FmpClient {
  const {
    apiKey,
    baseUrl = FMP_BASE_URL,
    fetch: fetchFn = globalThis.fetch,
    sleep,
    random,
    attemptTimeoutMs = FMP_ATTEMPT_TIMEOUT_MS,
    onRetry = logRetry,
    callsPerMinute = FMP_DEFAULT_CALLS_PER_MINUTE,
  } = options;
  const root = baseUrl.replace(/\/+$/, '');
  // Strict: no 60 s window ever holds more than the limit, however the calls bunch up.
  const throttled = pThrottle({ limit: callsPerMinute, interval: 60_000, strict: true });
  const send = throttled((url: URL) =>
    fetchFn(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(attemptTimeoutMs),
    }),
  );

  return {
    async get<T>(path: string, query: FmpQuery, schema: z.ZodType<T>): Promise<T> {
      if (!path.startsWith(FMP_STABLE_PREFIX)) {
        throw new TypeError(`FMP path must start with '${FMP_STABLE_PREFIX}': ${path}`);
      }
      const key = await apiKey();
      const url = new URL(root + path);
      for (const [name, value] of Object.entries(query)) {
        if (value !== undefined) url.searchParams.set(name, String(value));
      }
      url.searchParams.set('apikey', key);
      const redact = (text: string) => (key ? text.split(key).join('***') : text);

      const attempt = async (): Promise<T> => {
        let text: string;
        try {
          const response = await send(url);
          if (!response.ok) {
            const body = redact(await readBounded(response, FMP_ERROR_BODY_BYTES));
            throw statusError(path, response.status, body);
          }
          text = await response.text();
        } catch (error) {
          throw error instanceof ProviderError ? error : transportError(path, error, redact);
        }
        return parseBody(path, text, schema, redact);
      };

      return withRetry(attempt, {
        sleep,
        random,
        isRetryable: (error) => error instanceof ProviderError && error.retryable,
        onRetry: (error, n, delayMs) => onRetry(error as ProviderError, n, delayMs),
      });
    },
  };
}

/**
 * The start of a body, then the rest is cancelled: that releases the connection, and a gateway's
 * error page or a runaway body costs no more than the words wanted from it.
 */
async function readBounded(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/** A non-2xx answer: a refusal by the plan (by status or by FMP's words), else an HTTP error. */
function statusError(path: string, status: number, body: string): ProviderError {
  const refusal = planRefusalIn(body, status);
  if (refusal) {
    return new ProviderError(
      'plan',
      path,
      `refused by the plan (HTTP ${status}): ${refusal}`,
      false,
      status,
    );
  }
  const words = fmpWords(body);
  return new ProviderError(
    'http',
    path,
    words ? `HTTP ${status}: ${words}` : `HTTP ${status}`,
    isRetryableStatus(status),
    status,
  );
}

function transportError(path: string, error: unknown, redact: (text: string) => string) {
  const e = error as { name?: unknown; message?: unknown; cause?: { code?: unknown } };
  if (e?.name === 'TimeoutError') {
    return new ProviderError('timeout', path, 'no answer within the time-out', true);
  }
  const code = typeof e?.cause?.code === 'string' ? ` (${e.cause.code})` : '';
  const detail = redact(`${String(e?.message ?? error)}${code}`);
  // Failing to read a started body is as transient as failing to connect.
  return new ProviderError('network', path, detail, isRetryable(error) || e?.name === 'TypeError');
}

function parseBody<T>(
  path: string,
  text: string,
  schema: z.ZodType<T>,
  redact: (text: string) => string,
): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // FMP sends some refusals as plain text, with a 200.
    const refusal = planRefusalIn(redact(text.slice(0, FMP_ERROR_BODY_BYTES)));
    if (refusal) throw new ProviderError('plan', path, `refused by the plan: ${refusal}`);
    throw new ProviderError('malformed', path, 'the response is not JSON');
  }
  // FMP reports some failures (a bad key, an exhausted quota, a refusal by the plan) as a JSON
  // object with this field, even with a 200.
  if (json !== null && typeof json === 'object' && 'Error Message' in json) {
    const words = redact(String(json['Error Message']));
    const refusal = planRefusalIn(words);
    if (refusal) throw new ProviderError('plan', path, `refused by the plan: ${refusal}`);
    throw new ProviderError('invalid', path, fmpWords(words));
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new ProviderError('invalid', path, `unexpected response shape: ${issues}`);
  }
  return result.data;
}
