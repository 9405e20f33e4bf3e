/**
 * How long each kind of Lambda may run, in seconds: the CDK sets them (infra/aws) and the SDK
 * clients derive their own timeouts from them (lambdas/adapters/aws/client-options.ts), so a store
 * that does not answer gives the handler time to answer 503 itself before Lambda stops it.
 */
export const LAMBDA_TIMEOUT_SECONDS = {
  /** The REST and GraphQL APIs' functions (API Gateway itself gives up after 29 s). */
  api: 10,
  /** Cognito waits 5 seconds for a trigger; a slower answer fails the request anyway. */
  authTrigger: 5,
  /** Under the schedule's minute, so runs do not pile up (an overlap would still fire once). */
  alerts: 55,
  /** A run over hundreds of companies takes minutes. */
  ingest: 15 * 60,
} as const;
