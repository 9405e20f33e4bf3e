import { notCoveredMessage } from './market/coverage';

/**
 * The errors services throw, whatever edge serves them. Each edge maps them once: REST to a status
 * and a `{message}` body (lambdas/shared/http.ts), GraphQL to null or an error. Their messages are
 * written for the caller: they never name another user or an internal detail.
 */
export abstract class DomainError extends Error {}

/** The input breaks a rule; `field` names what to fix. */
export class Invalid extends DomainError {
  override readonly name = 'Invalid';
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(field ? `${field}: ${message}` : message);
  }
}

/** The caller may not do this. */
export class Forbidden extends DomainError {
  override readonly name = 'Forbidden';
}

/** What the call is about does not exist (or is not the caller's to see). */
export class NotFound extends DomainError {
  override readonly name: string = 'NotFound';
}

/**
 * The market-data provider's plan for this deployment does not cover what the call is about (an
 * index, an exchange). Not "no data" and not transient: it holds until the plan changes. A kind of
 * NotFound, so every edge that maps NotFound maps it too; REST adds its reason.
 */
export class NotCovered extends NotFound {
  override readonly name = 'NotCovered';
  /** `what`: the symbol (or exchange) the plan does not cover; `cause`: the provider's refusal. */
  constructor(
    readonly what: string,
    options?: ErrorOptions,
  ) {
    super(notCoveredMessage(what), options);
  }
}

/** The item changed since the caller read it, or already exists. */
export class Conflict extends DomainError {
  override readonly name = 'Conflict';
}

/** What the change would store is larger than the store takes. */
export class TooLarge extends DomainError {
  override readonly name = 'TooLarge';
}

/** A limit on how often this may happen was reached; try again after `retryAfterMs`. */
export class TooManyRequests extends DomainError {
  override readonly name = 'TooManyRequests';
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/**
 * A store or service the call needs did not answer in time, refused the connection or throttled
 * it, after the SDK's own retries: not the caller's fault and not permanent. Every edge answers it
 * as "try again in `retryAfterMs`" (REST: 503 with Retry-After), never with the store's error.
 */
export class Unavailable extends DomainError {
  override readonly name = 'Unavailable';
  constructor(
    readonly retryAfterMs: number = UNAVAILABLE_RETRY_AFTER_MS,
    options?: ErrorOptions,
  ) {
    super(UNAVAILABLE_MESSAGE, options);
  }
}

/** What the caller reads when a store is unavailable. */
export const UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a few seconds.';

/** How long a caller should wait before trying again after Unavailable. */
export const UNAVAILABLE_RETRY_AFTER_MS = 5_000;
