import type { Context } from 'aws-lambda';
import { logger } from './logger';
import { metrics } from './metrics';

/** A Lambda handler as the runtime calls it. */
export type LambdaHandler<E, R> = (event: E, context: Context) => Promise<R>;

/** Runs an invocation inside something, e.g. its X-Ray subsegment (tracing.ts). */
export type Around = <R>(name: string, invoke: () => Promise<R>) => Promise<R>;

export interface InstrumentOptions {
  /** The API handlers pass `traced`; the others leave the X-Ray SDK out of their bundle. */
  readonly around?: Around;
}

/**
 * The one wrapper every Lambda entry point goes through: the log lines of the invocation carry
 * its request id (and cold start, function name), an error that escapes is logged once before
 * the runtime sees it, and the business metrics recorded during the invocation are flushed.
 */
export function instrumented<E, R>(
  name: string,
  handler: LambdaHandler<E, R>,
  { around }: InstrumentOptions = {},
): LambdaHandler<E, R> {
  return async (event, context) => {
    logger.addContext(context);
    // Only with POWERTOOLS_LOGGER_LOG_EVENT=true, for an operator's debugging; redacted like all.
    logger.logEventIfEnabled(event);
    const invoke = () => handler(event, context);
    try {
      return await (around ? around(name, invoke) : invoke());
    } catch (error) {
      logger.error('Invocation failed', error as Error);
      throw error;
    } finally {
      // Only when something was recorded: Powertools warns on every empty flush.
      if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    }
  };
}
