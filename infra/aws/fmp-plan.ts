import type { Construct } from 'constructs';
import * as z from 'zod';
import { FMP_DEFAULT_CALLS_PER_MINUTE } from '../../lambdas/adapters/fmp/client';

/**
 * CDK context key: the per-minute call limit of the FMP key's plan (`-c fmpCallsPerMinute=750`
 * for Premium); by default Starter's, FMP_DEFAULT_CALLS_PER_MINUTE.
 */
export const FMP_CALLS_PER_MINUTE_CONTEXT = 'fmpCallsPerMinute';

const limitSchema = z.coerce.number().int().positive();

/** The plan's per-minute limit from the CDK context; a malformed one fails synth. */
export function fmpCallsPerMinute(scope: Construct): number {
  const value: unknown = scope.node.tryGetContext(FMP_CALLS_PER_MINUTE_CONTEXT);
  if (value === undefined || value === '') return FMP_DEFAULT_CALLS_PER_MINUTE;
  const parsed = limitSchema.safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `Context ${FMP_CALLS_PER_MINUTE_CONTEXT} must be a positive whole number, got ${String(value)}`,
    );
  }
  return parsed.data;
}

/**
 * How the plan's calls a minute are shared: two thirds to the ingest, which makes most of them,
 * and a third to each instance of a function reading live prices (the asset API, GraphQL, the
 * alert evaluator, the subscription API's portfolio summaries), whose reads are cached. A limit is per instance, so several busy instances can
 * still meet FMP's 429 together; the client retries those with backoff.
 */
export function fmpCallShares(plan: number): { readonly ingest: number; readonly reader: number } {
  return {
    ingest: Math.max(1, Math.floor((plan * 2) / 3)),
    reader: Math.max(1, Math.floor(plan / 3)),
  };
}
