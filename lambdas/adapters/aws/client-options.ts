import { LAMBDA_TIMEOUT_SECONDS } from '../../../core/lambda-timeouts';

/**
 * The timeouts and retries every AWS SDK client of the product is built with (the Lambdas' and the
 * local stack's), so a store that does not answer fails the call within seconds instead of holding
 * the request until Lambda (or the user) gives up.
 *
 * Without them the SDK waits for a connection and an answer with no limit of its own: a DynamoDB
 * that stopped answering held each API call for over a minute, until Lambda's timeout killed it and
 * API Gateway answered a bare 502/504.
 */
export interface AwsClientOptions {
  readonly requestHandler: {
    readonly connectionTimeout: number;
    readonly requestTimeout: number;
    readonly throwOnRequestTimeout: true;
  };
  readonly maxAttempts: number;
}

/**
 * Attempts per SDK call (the first and one retry, with the SDK's standard backoff): a throttled or
 * dropped request gets a second chance, and a store that is down is reported after two timeouts.
 */
export const SDK_MAX_ATTEMPTS = 2;

/**
 * The longest one attempt may wait for an answer once connected. DynamoDB, S3 and Cognito answer in
 * tens of milliseconds; two seconds of silence mean the service is not answering.
 */
const MAX_REQUEST_TIMEOUT_MS = 2_000;

/** A connection on loopback or within a region takes milliseconds; one second is a refusal. */
const MAX_CONNECTION_TIMEOUT_MS = 1_000;

/**
 * Options for a client in a Lambda that may run `lambdaTimeoutSeconds`. Every attempt of a call
 * together stays within half the Lambda's time: the other half is for the handler's own work and
 * for answering 503 with Retry-After once the SDK has given up.
 */
export function awsClientOptions(
  lambdaTimeoutSeconds: number = LAMBDA_TIMEOUT_SECONDS.api,
): AwsClientOptions {
  const perAttemptMs = Math.floor((lambdaTimeoutSeconds * 1000) / 2 / SDK_MAX_ATTEMPTS);
  const requestTimeout = Math.min(MAX_REQUEST_TIMEOUT_MS, perAttemptMs);
  return {
    requestHandler: {
      connectionTimeout: Math.min(MAX_CONNECTION_TIMEOUT_MS, Math.floor(requestTimeout / 2)),
      requestTimeout,
      // Without it the SDK's HTTP handler only logs a warning when requestTimeout passes, and
      // keeps waiting: a stopped DynamoDB held each call for over a minute.
      throwOnRequestTimeout: true,
    },
    maxAttempts: SDK_MAX_ATTEMPTS,
  };
}
