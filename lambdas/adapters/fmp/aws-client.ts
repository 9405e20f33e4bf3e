import * as z from 'zod';
import { requiredEnv } from '../dynamodb/document-client';
import { FMP_API_KEY_SECRET_ENV, secretsManagerApiKey } from './api-key';
import { createFmpClient, type FmpClient } from './client';

/**
 * Environment variable: the FMP calls a function may start per minute (infra/aws/fmp-plan.ts sets
 * it from the key's plan); unset, the client's default (FMP_DEFAULT_CALLS_PER_MINUTE).
 */
export const FMP_CALLS_PER_MINUTE_ENV = 'FMP_CALLS_PER_MINUTE';

const callsPerMinuteSchema = z.coerce.number().int().positive();

/** The per-minute limit the environment sets, if any; a malformed one names the variable. */
export function callsPerMinuteFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const value = env[FMP_CALLS_PER_MINUTE_ENV];
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = callsPerMinuteSchema.safeParse(value);
  if (!parsed.success) {
    throw new Error(`${FMP_CALLS_PER_MINUTE_ENV} must be a positive whole number, got "${value}"`);
  }
  return parsed.data;
}

/**
 * The FMP client of the deployed functions: the key from the Secrets Manager secret the stack
 * names, the per-minute limit from the environment.
 */
export function awsFmpClient(env: NodeJS.ProcessEnv = process.env): FmpClient {
  const callsPerMinute = callsPerMinuteFromEnv(env);
  return createFmpClient({
    apiKey: secretsManagerApiKey(requiredEnv(FMP_API_KEY_SECRET_ENV)),
    ...(callsPerMinute ? { callsPerMinute } : {}),
  });
}
