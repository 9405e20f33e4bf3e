import type { GraphqlErrorType } from '../../core/api/graphql';
import { Conflict, DomainError, Forbidden, NotFound, Unavailable } from '../../core/domain-errors';
import { asUnavailable } from '../adapters/aws/unavailable';
import { logger } from '../shared/observability/logger';

export type { GraphqlErrorType };

/**
 * A caller's mistake becomes a GraphQL error whose errorType (the error's name, as a direct Lambda
 * resolver reports it) says which: BadRequest (input, naming the field), Unauthorized (no valid
 * session), Forbidden (the permission rule refused), NotFound, Conflict (a stale version: reload
 * and reapply), Unavailable (a store did not answer: try again in a few seconds).
 */
export class GraphqlCallerError extends Error {
  constructor(
    override readonly name: GraphqlErrorType,
    message: string,
  ) {
    super(message);
  }
}

const errorTypeOf = (error: DomainError): GraphqlErrorType =>
  error instanceof Unavailable
    ? 'Unavailable'
    : error instanceof Forbidden
      ? 'Forbidden'
      : error instanceof Conflict
        ? 'Conflict'
        : error instanceof NotFound
          ? 'NotFound'
          : 'BadRequest';

/**
 * The GraphQL edge's one mapping of errors: a caller's error as its errorType with its message,
 * anything else logged and answered 'Internal error' (internal details stay in the logs).
 */
export async function atGraphqlEdge<T>(field: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof GraphqlCallerError) throw thrown;
    const error = asUnavailable(thrown);
    if (error instanceof DomainError)
      throw new GraphqlCallerError(errorTypeOf(error), error.message);
    logger.error('GraphQL resolver failed', { field, error });
    throw new Error('Internal error');
  }
}

/** What is not found (an unknown symbol or ISIN) resolves to null, as a missing object does. */
export async function orNull<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}
