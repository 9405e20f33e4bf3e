import { describe, expect, it } from 'vitest';
import { LAMBDA_TIMEOUT_SECONDS } from '../../../core/lambda-timeouts';
import { awsClientOptions, SDK_MAX_ATTEMPTS } from './client-options';

/** Worst case of one SDK call: every attempt waits its full connection and request timeouts. */
const worstCaseMs = (lambdaTimeoutSeconds: number) => {
  const { requestHandler, maxAttempts } = awsClientOptions(lambdaTimeoutSeconds);
  return maxAttempts * (requestHandler.connectionTimeout + requestHandler.requestTimeout);
};

describe('awsClientOptions', () => {
  it('retries once, with timeouts for the connection and for the answer', () => {
    const options = awsClientOptions();
    expect(options.maxAttempts).toBe(SDK_MAX_ATTEMPTS);
    expect(options.requestHandler.connectionTimeout).toBeGreaterThan(0);
    expect(options.requestHandler.requestTimeout).toBeGreaterThan(
      options.requestHandler.connectionTimeout,
    );
  });

  it.each(Object.entries(LAMBDA_TIMEOUT_SECONDS))(
    'keeps every attempt of a call within the %s Lambda’s time, with room to answer 503',
    (_kind, seconds) => {
      expect(worstCaseMs(seconds)).toBeLessThanOrEqual(seconds * 1000 * 0.75);
    },
  );

  it('gives up on a silent store within a few seconds, however long the Lambda may run', () => {
    expect(worstCaseMs(LAMBDA_TIMEOUT_SECONDS.ingest)).toBeLessThanOrEqual(6_000);
  });
});
