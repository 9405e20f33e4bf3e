import { markDemoData } from './demo-data';

/** The asset API as the SPA sees it: same origin, /api/asset/… (CloudFront or the local server). */
export const ASSET_API_BASE = '/api/asset';

/** A non-2xx answer; `status` lets core/retry decide whether another attempt is worth it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The `{data: [...]}` envelope of the asset API (SPEC §7), with the demo-data flag. */
export interface Envelope<T> {
  readonly data: T[];
  readonly demo?: boolean;
}

type Query = Record<string, string | number | boolean | undefined>;

export function assetUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${ASSET_API_BASE}${path}${search ? `?${search}` : ''}`;
}

/**
 * GET a JSON envelope. Retries are TanStack Query's job (lib/query-client.ts applies the §7
 * policy), so this makes exactly one attempt and reports failures as errors with a status.
 */
export async function getEnvelope<T>(
  path: string,
  query: Query = {},
  signal?: AbortSignal,
): Promise<Envelope<T>> {
  const response = await fetch(assetUrl(path, query), {
    signal: signal ?? null,
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) {
    let message = `Request failed (${response.status})`;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // not JSON: keep the generic message
    }
    throw new ApiError(response.status, message);
  }
  const envelope = (await response.json()) as Envelope<T>;
  markDemoData(envelope.demo === true);
  return envelope;
}

/** The first element of `data`, for single results (SPEC §7). */
export async function getFirst<T>(
  path: string,
  query: Query = {},
  signal?: AbortSignal,
): Promise<{ item: T | undefined; demo: boolean }> {
  const envelope = await getEnvelope<T>(path, query, signal);
  return { item: envelope.data[0], demo: envelope.demo === true };
}
