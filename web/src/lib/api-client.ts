import { withRetry } from '@core/retry';

/** A non-2xx answer; `status` lets core/retry decide whether another attempt is worth it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** The body's `reason`, where the API tells one 4xx from another (e.g. 'not-covered'). */
    readonly reason?: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON (with its content type). */
  readonly body?: unknown;
  /** SPEC §7: the identity token as Authorization (subscription and admin calls). */
  readonly idToken?: string;
  /**
   * §7 transport retry (core/retry) for calls nothing else retries. TanStack Query retries its
   * queries itself (lib/query-client.ts), so those leave it off.
   */
  readonly retry?: boolean;
  readonly signal?: AbortSignal;
}

const fieldOf = (body: unknown, field: 'message' | 'reason'): string | undefined => {
  const value = (body as Record<string, unknown> | null | undefined)?.[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

async function requestOnce<T>(
  url: string,
  { method = 'GET', body, idToken, signal }: RequestOptions,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idToken) headers.Authorization = idToken;
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    signal: signal ?? null,
  });
  const text = await response.text();
  if (!response.ok) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: the generic message below
    }
    const message = fieldOf(parsed, 'message') ?? `Request failed (${response.status})`;
    throw new ApiError(response.status, message, fieldOf(parsed, 'reason'));
  }
  // An empty answer (204, a bare 200) has no value; anything else must be JSON.
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/**
 * The SPA's one JSON request: Accept JSON, a JSON body, the ID token when given. A non-2xx answer
 * throws ApiError with the API's `message` (or a generic one) and the status.
 */
export function requestJson<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const once = () => requestOnce<T>(url, options);
  return options.retry ? withRetry(once, options.signal ? { signal: options.signal } : {}) : once();
}
