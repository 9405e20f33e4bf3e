import { GRAPHQL_ERROR_TYPES, type GraphqlErrorType } from '@core/api/graphql';
import { ApiError } from './api-client';

/**
 * A GraphQL error the API reported for the operation: `errorType` says which kind (core's
 * GRAPHQL_ERROR_TYPES), undefined for an error it did not classify (e.g. 'Internal error').
 */
export class GraphqlError extends Error {
  override readonly name: string = 'GraphqlError';
  constructor(
    readonly errorType: GraphqlErrorType | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** The input broke a rule; the message names the field ("text: …"). */
export class BadRequestError extends GraphqlError {
  override readonly name = 'BadRequestError';
  constructor(message: string) {
    super('BadRequest', message);
  }
}

/** No valid session: the token is missing, expired or revoked. */
export class UnauthorizedError extends GraphqlError {
  override readonly name = 'UnauthorizedError';
  constructor(message: string) {
    super('Unauthorized', message);
  }
}

/** The permission rule refused the call (resource, action, ISIN). */
export class ForbiddenError extends GraphqlError {
  override readonly name = 'ForbiddenError';
  constructor(message: string) {
    super('Forbidden', message);
  }
}

/** What the call is about does not exist. */
export class NotFoundError extends GraphqlError {
  override readonly name = 'NotFoundError';
  constructor(message: string) {
    super('NotFound', message);
  }
}

/** A stale version: someone else changed the item since it was read (reload and reapply). */
export class ConflictError extends GraphqlError {
  override readonly name = 'ConflictError';
  constructor(message: string) {
    super('Conflict', message);
  }
}

/** A store behind the API did not answer: nothing was changed, try again in a few seconds. */
export class UnavailableError extends GraphqlError {
  override readonly name = 'UnavailableError';
  constructor(message: string) {
    super('Unavailable', message);
  }
}

const ERROR_CLASSES: Readonly<Record<GraphqlErrorType, new (message: string) => GraphqlError>> = {
  BadRequest: BadRequestError,
  Unauthorized: UnauthorizedError,
  Forbidden: ForbiddenError,
  NotFound: NotFoundError,
  Conflict: ConflictError,
  Unavailable: UnavailableError,
};

interface WireError {
  readonly message?: unknown;
  readonly errorType?: unknown;
}

const isKnownType = (value: unknown): value is GraphqlErrorType =>
  (GRAPHQL_ERROR_TYPES as readonly unknown[]).includes(value);

/** The typed error of the answer's first error (AppSync reports one per failed field). */
export function graphqlErrorOf(error: WireError | undefined): GraphqlError {
  const message =
    typeof error?.message === 'string' && error.message !== '' ? error.message : 'Request failed';
  return isKnownType(error?.errorType)
    ? new ERROR_CLASSES[error.errorType](message)
    : new GraphqlError(undefined, message);
}

export interface GraphqlRequest {
  /** The API's URL (runtime config's graphqlUrl). */
  readonly url: string;
  readonly query: string;
  readonly variables?: Readonly<Record<string, unknown>>;
  /** SPEC §7: the ID token as Authorization (user-pool fields). */
  readonly idToken: string;
  readonly signal?: AbortSignal;
}

/**
 * One GraphQL operation over HTTP POST. The data when the answer has no errors; otherwise the
 * first error, typed by its errorType (ConflictError, ForbiddenError, …). An HTTP failure without
 * GraphQL errors (AppSync's 401 for a refused token, a 5xx, a 429) is an ApiError with its status,
 * so core/retry and TanStack Query treat it as they treat the REST APIs'; 401 is Unauthorized.
 */
export async function requestGraphql<T>({
  url,
  query,
  variables = {},
  idToken,
  signal,
}: GraphqlRequest): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: idToken,
    },
    body: JSON.stringify({ query, variables }),
    signal: signal ?? null,
  });
  let body: { data?: T | null; errors?: readonly WireError[] } | undefined;
  try {
    body = JSON.parse(await response.text()) as typeof body;
  } catch {
    // not JSON: judged by the status below
  }
  const first = body?.errors?.[0];
  if (response.status === 401) {
    throw new UnauthorizedError(
      typeof first?.message === 'string' ? first.message : 'Unauthorized',
    );
  }
  if (first && (response.ok || isKnownType(first.errorType))) throw graphqlErrorOf(first);
  if (!response.ok) {
    const message = typeof first?.message === 'string' ? first.message : undefined;
    throw new ApiError(response.status, message ?? `Request failed (${response.status})`);
  }
  if (!body || body.data === undefined || body.data === null) {
    throw new GraphqlError(undefined, 'The answer carried no data');
  }
  return body.data;
}
