import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { InvocationMiddleware } from './instrument';

/**
 * X-Ray for the API functions: one subsegment per invocation, annotated with the cold start and
 * the service, and (Powertools' default) the outgoing HTTPS calls, such as the market-data
 * provider's. Off outside Lambda.
 */
export const tracer = new Tracer();

/**
 * Powertools' handler middleware for X-Ray: an error is added as metadata, the response is not
 * (it can hold a user's details).
 */
export const traced: InvocationMiddleware = captureLambdaHandler(tracer, {
  captureResponse: false,
});
