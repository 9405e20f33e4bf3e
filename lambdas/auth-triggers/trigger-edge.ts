import { asUnavailable } from '../adapters/aws/unavailable';

/**
 * The triggers' edge: Cognito shows the client whatever a trigger throws ("<Trigger> failed with
 * error <message>."), and the sign-in screens show that message. A users table that does not
 * answer becomes Unavailable, whose message is a plain "try again", never the connection's error
 * ("connect ECONNREFUSED 127.0.0.1:…", "Connection timed out after 1250 ms").
 */
export function atTriggerEdge<E, R>(trigger: (event: E) => Promise<R>): (event: E) => Promise<R> {
  return async (event) => {
    try {
      return await trigger(event);
    } catch (error) {
      throw asUnavailable(error);
    }
  };
}
