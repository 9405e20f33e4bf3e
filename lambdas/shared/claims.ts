import type { APIGatewayProxyEvent } from 'aws-lambda';
import { HttpError } from './http';

/** The caller as API Gateway's Cognito authorizer describes it (claims of the verified ID token). */
export interface Caller {
  readonly sub: string;
  readonly email: string;
  /** The directory's user name (`cognito:username`), when the token carries one. */
  readonly username?: string;
  readonly groups: readonly string[];
}

/**
 * Reads the authorizer's claims. API Gateway passes every claim as a string; groups arrive as a
 * space- or comma-separated string (or, from some authorizers, an array).
 */
export function callerFrom(event: Pick<APIGatewayProxyEvent, 'requestContext'>): Caller {
  const claims = (event.requestContext.authorizer?.claims ?? undefined) as
    Record<string, unknown> | undefined;
  const sub = typeof claims?.sub === 'string' ? claims.sub : undefined;
  const email = typeof claims?.email === 'string' ? claims.email : undefined;
  const username = claims?.['cognito:username'];
  if (!sub || !email) throw new HttpError(401, 'Unauthorized');
  const rawGroups = claims?.['cognito:groups'];
  const groups = Array.isArray(rawGroups)
    ? rawGroups.map(String)
    : typeof rawGroups === 'string'
      ? rawGroups
          .replace(/^\[|\]$/g, '')
          .split(/[\s,]+/)
          .filter(Boolean)
      : [];
  return {
    sub,
    email: email.toLowerCase(),
    ...(typeof username === 'string' && username ? { username } : {}),
    groups,
  };
}
