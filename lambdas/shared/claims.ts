import type { APIGatewayProxyEvent } from 'aws-lambda';
import { HttpError } from './http';

/** The caller as API Gateway's Cognito authorizer describes it (claims of the verified ID token). */
export interface Caller {
  /** The Cognito sub: the key of everything the caller owns. */
  readonly sub: string;
  /** The token's e-mail, lower-cased. Nothing is looked up by it: records are keyed by `sub`. */
  readonly email?: string;
  /** The token says the e-mail is verified: only then may it stand for the caller (an audit entry). */
  readonly emailVerified: boolean;
  /** The directory's user name (`cognito:username`), when the token carries one. */
  readonly username?: string;
  readonly groups: readonly string[];
  /** When the token was issued (epoch ms, whole seconds): revocations compare against it. */
  readonly issuedAt: number;
  /** The sign-in session every token of one sign-in shares (Cognito's origin_jti), if any. */
  readonly originJti?: string;
}

/**
 * A time claim as API Gateway passes it: epoch seconds as a string in some places, and in the REST
 * API's Cognito authorizer a Java date string ('Tue Nov 24 18:10:15 UTC 2026'). Epoch ms, or NaN.
 */
export function claimTime(value: unknown): number {
  if (typeof value === 'number') return value * 1000;
  if (typeof value !== 'string' || value === '') return Number.NaN;
  return /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value);
}

/** Epoch seconds as java.util.Date prints them in UTC: how API Gateway's REST authorizer passes them. */
export function javaDate(epochSeconds: number): string {
  const [weekday, day, month, year, time] = new Date(epochSeconds * 1000)
    .toUTCString()
    .replace(',', '')
    .split(' ');
  return `${weekday} ${month} ${day} ${time} UTC ${year}`;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * Reads the authorizer's claims. API Gateway passes every claim as a string; groups arrive as a
 * space- or comma-separated string (or, from some authorizers, an array).
 */
export function callerFrom(event: Pick<APIGatewayProxyEvent, 'requestContext'>): Caller {
  const claims = (event.requestContext.authorizer?.claims ?? undefined) as
    Record<string, unknown> | undefined;
  const sub = text(claims?.sub);
  const issuedAt = claimTime(claims?.iat);
  if (!sub || Number.isNaN(issuedAt)) throw new HttpError(401, 'Unauthorized');
  const email = text(claims?.email);
  const verified = claims?.email_verified === 'true' || claims?.email_verified === true;
  const username = text(claims?.['cognito:username']);
  const originJti = text(claims?.origin_jti);
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
    ...(email ? { email: email.toLowerCase() } : {}),
    emailVerified: Boolean(email) && verified,
    ...(username ? { username } : {}),
    groups,
    issuedAt,
    ...(originJti ? { originJti } : {}),
  };
}
