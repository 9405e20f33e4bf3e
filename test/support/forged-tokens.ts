import { sign, type KeyObject } from 'node:crypto';

/** Base64url of a JSON value: a JWT segment. */
export const b64url = (value: unknown): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT's claims, unverified (for building forged tokens, never for trusting one). */
export const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** The token's claims with `patch`, signed again with `key` (a stranger's, or the issuer's). */
export function resign(token: string, key: KeyObject, patch: Record<string, unknown>): string {
  const header = token.split('.')[0]!;
  const unsigned = `${header}.${b64url({ ...claimsOf(token), ...patch })}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), key).toString('base64url')}`;
}

/** The token with its claims patched and its original signature kept (which no longer matches). */
export function tampered(token: string, patch: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${b64url({ ...claimsOf(token), ...patch })}.${signature}`;
}
