import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type * as z from 'zod';
import {
  Conflict,
  DomainError,
  Forbidden,
  Invalid,
  NotCovered,
  NotFound,
  TooLarge,
  TooManyRequests,
  Unavailable,
} from '../../core/domain-errors';
import { NOT_COVERED_REASON } from '../../core/market/coverage';
import { asUnavailable } from '../adapters/aws/unavailable';
import { logger } from './observability/logger';

/** An error whose status and message are safe to show the caller (4xx). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

export function json(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyResult {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

/** Turns a zod failure into one readable sentence: "email: Invalid email address". */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}

/** Validates with a zod schema; bad input becomes a 400 with the schema's message. */
export function parseOr400<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, describeZodError(result.error));
  return result.data;
}

/** Parses a JSON body; a missing or malformed body is the caller's fault (400), not ours. */
export function jsonBody(event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>): unknown {
  if (event.body === null || event.body === '')
    throw new HttpError(400, 'A JSON request body is required');
  const text = event.isBase64Encoded
    ? Buffer.from(event.body, 'base64').toString('utf8')
    : event.body;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
}

/** The REST status of each domain error: the one place they are mapped for the REST edge. */
function statusOf(error: DomainError): number {
  if (error instanceof Invalid) return 400;
  if (error instanceof Forbidden) return 403;
  if (error instanceof NotFound) return 404;
  if (error instanceof Conflict) return 409;
  if (error instanceof TooLarge) return 413;
  if (error instanceof TooManyRequests) return 429;
  return 400;
}

/**
 * Maps thrown errors to responses: a domain error to its status, HttpError as it says, a store
 * that did not answer (after the SDK's retries) a 503 with Retry-After, anything else a logged 500.
 */
export function errorResponse(thrown: unknown): APIGatewayProxyResult {
  const error = asUnavailable(thrown);
  if (error instanceof Unavailable) {
    logger.warn('A store is unavailable', { error: error.cause as Error });
    return json(
      503,
      { message: error.message },
      { 'Retry-After': String(Math.ceil(error.retryAfterMs / 1000)) },
    );
  }
  if (error instanceof TooManyRequests) {
    return json(
      429,
      { message: error.message },
      { 'Retry-After': String(Math.ceil(error.retryAfterMs / 1000)) },
    );
  }
  if (error instanceof NotCovered) {
    return json(404, { message: error.message, reason: NOT_COVERED_REASON });
  }
  if (error instanceof DomainError) return json(statusOf(error), { message: error.message });
  if (error instanceof HttpError) {
    return json(error.statusCode, {
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    });
  }
  logger.error('Unhandled error', error as Error);
  return json(500, { message: 'Internal server error' });
}
