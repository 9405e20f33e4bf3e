import type { Router } from 'cognito-local/lib/server/Router';
import { UNAVAILABLE_MESSAGE } from '../../../core/domain-errors';
import { isUnavailable } from '../../../lambdas/adapters/aws/unavailable';

/**
 * Cognito's own answer when something behind it fails (HTTP 500, which the SDKs retry). cognito-local
 * answers an error it does not know with the error itself as JSON; this object is that JSON.
 */
class InternalErrorException extends Error {
  readonly __type = 'InternalErrorException';
  constructor() {
    super(UNAVAILABLE_MESSAGE);
    // JSON.stringify takes only own enumerable properties: the message must be one.
    Object.defineProperty(this, 'message', { value: UNAVAILABLE_MESSAGE, enumerable: true });
  }
}

/**
 * The identity service when a store it needs (the users table of DynamoDB Local, behind the sign-in
 * triggers and the post-confirmation record) does not answer or refuses the connection: Cognito's
 * InternalErrorException with a plain "try again" message. Without it cognito-local sends the
 * Node error itself, and the sign-in screen showed "connect ECONNREFUSED 127.0.0.1:<port>".
 */
export function withUnavailable(base: Router): Router {
  return (target) => async (ctx, req) => {
    try {
      return await base(target)(ctx, req);
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      ctx.logger.warn({ error }, `${target}: a store is unavailable`);
      throw new InternalErrorException();
    }
  };
}
