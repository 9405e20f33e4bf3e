import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from './logger';
import { metrics } from './metrics';

/** A Lambda handler as the runtime calls it. */
export type LambdaHandler<E, R> = (event: E, context: Context) => Promise<R>;

/** Middleware that runs around every invocation, e.g. X-Ray's subsegment (tracing.ts). */
export type InvocationMiddleware = MiddlewareObj<unknown, unknown, Error, Context>;

export interface InstrumentOptions {
  /** The API handlers pass `traced`; the others leave the X-Ray SDK out of their bundle. */
  readonly around?: InvocationMiddleware;
}

/**
 * Logs an error that escapes the handler once, with the invocation's context, before the runtime
 * sees it (Powertools' logger middleware logs one only with its log buffer on).
 */
const logEscapingError: InvocationMiddleware = {
  onError: ({ error }) => {
    logger.error('Invocation failed', error as Error);
  },
};

/**
 * Flushes the business metrics recorded during the invocation as EMF. Powertools' logMetrics
 * publishes after every invocation and warns "No application metrics to publish" when nothing
 * was recorded, which is most API calls: one WARN line each in CloudWatch Logs for nothing.
 */
const publishRecordedMetrics: InvocationMiddleware = {
  after: () => {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  },
  onError: () => {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  },
};

/**
 * The one wrapper every Lambda entry point goes through, with Powertools' middleware: the log
 * lines of the invocation carry its request id (and cold start, function name) and its event
 * when POWERTOOLS_LOGGER_LOG_EVENT is on (redacted like all), an error that escapes is logged
 * once before the runtime sees it, and the business metrics recorded are flushed.
 */
export function instrumented<E, R>(
  handler: LambdaHandler<E, R>,
  { around }: InstrumentOptions = {},
): LambdaHandler<E, R> {
  const wrapped = middy<E, R, Error, Context>(handler);
  // Middy runs `before` in this order and `after`/`onError` in the reverse: the subsegment spans
  // all the rest, and the error is logged while the request id is still on the logger.
  if (around) wrapped.use(around);
  return wrapped.use(injectLambdaContext(logger)).use(publishRecordedMetrics).use(logEscapingError);
}
