/** Why a provider call failed; `retryable` follows docs/spec.md §7 (see core/retry.ts). */
export type ProviderErrorKind =
  | 'http' // a non-2xx answer that is not a refusal by the plan
  | 'network' // no answer: connection refused or reset, DNS failure
  | 'timeout' // no complete answer within the per-attempt time-out
  | 'malformed' // the body is not JSON
  | 'invalid' // JSON of an unexpected shape, or FMP's {"Error Message": …}
  | 'plan' // refused by the key's plan: 401/402/403, or FMP's words name a legacy, premium or restricted endpoint
  | 'not-found'; // FMP answered 200 with no data for the symbol

/**
 * A failed Financial Modeling Prep call. Messages name the path, never the URL: the query carries
 * the API key, and these errors end up in logs.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';

  constructor(
    readonly kind: ProviderErrorKind,
    readonly path: string,
    detail: string,
    readonly retryable = false,
    /** The HTTP status of an 'http' error, or of a 'plan' one refused by status. */
    readonly status?: number,
  ) {
    super(`FMP ${path}: ${detail}`);
  }

  /** The key's plan does not cover this endpoint (or exchange): not "no data", and not transient. */
  get refusedByPlan(): boolean {
    return this.kind === 'plan';
  }

  /**
   * A 404, or a 200 without data: the provider has nothing for this symbol. Never a refusal by the
   * plan, whatever its status: callers turn "nothing" into an empty answer, and a refusal must not
   * become one.
   */
  get notFound(): boolean {
    return this.kind === 'not-found' || (this.kind === 'http' && this.status === 404);
  }
}
