/** An error answered in Stripe's shape, so the `stripe` client throws its own error classes. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code && { code: this.code }),
        ...(this.param && { param: this.param }),
      },
    };
  }
}

export const noSuch = (what: string, id: string) =>
  new StripeApiError(
    404,
    'invalid_request_error',
    `No such ${what}: '${id}'`,
    'resource_missing',
    'id',
  );

export const missingParam = (param: string) =>
  new StripeApiError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );

export const badParam = (param: string, message: string) =>
  new StripeApiError(400, 'invalid_request_error', message, undefined, param);
