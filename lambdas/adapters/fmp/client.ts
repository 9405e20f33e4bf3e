import type * as z from 'zod';
import { isRetryable, isRetryableStatus, withRetry } from '../../../core/retry';
import { logger } from '../../shared/observability/logger';
import { ProviderError } from './provider-error';

/**
 * Root of the legacy API. Paths carry their version ('/v3/quote/AAPL'): a few endpoints we use
 * (shares float, price-target consensus, upgrades and downgrades) exist only under /v4.
 */
export const FMP_BASE_URL = 'https://financialmodelingprep.com/api';
/** Per attempt, body included; a hung connection must not eat the Lambda's time. */
export const FMP_ATTEMPT_TIMEOUT_MS = 10_000;

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
}

export interface FmpClient {
  /**
   * GETs `path` (e.g. '/v3/quote/AAPL') and returns the body parsed by `schema`. Throws a
   * ProviderError; 429, 500/502/503/504, network errors and time-outs are retried (SPEC §7/§9),
   * anything else (other statuses, malformed JSON, an unexpected shape) fails at once.
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
  } = options;
  const root = baseUrl.replace(/\/+$/, '');

  return {
    async get<T>(path: string, query: FmpQuery, schema: z.ZodType<T>): Promise<T> {
      if (!path.startsWith('/')) throw new TypeError(`FMP path must start with '/': ${path}`);
      const key = await apiKey();
      const url = new URL(root + path);
      for (const [name, value] of Object.entries(query)) {
        if (value !== undefined) url.searchParams.set(name, String(value));
      }
      url.searchParams.set('apikey', key);
      const redact = (text: string) => (key ? text.split(key).join('***') : text);

      const attempt = async (): Promise<T> => {
        let response: Response;
        let text: string;
        try {
          response = await fetchFn(url, {
            headers: { accept: 'application/json' },
            signal: AbortSignal.timeout(attemptTimeoutMs),
          });
          if (!response.ok) {
            // Release the connection; the error body is of no use.
            await response.body?.cancel().catch(() => undefined);
            throw new ProviderError(
              'http',
              path,
              `HTTP ${response.status}`,
              isRetryableStatus(response.status),
              response.status,
            );
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
    throw new ProviderError('malformed', path, 'the response is not JSON');
  }
  // FMP reports some failures (a bad key, an exhausted plan) as a JSON object with this field.
  if (json !== null && typeof json === 'object' && 'Error Message' in json) {
    throw new ProviderError('invalid', path, redact(String(json['Error Message'])));
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
