import { AsyncLocalStorage } from 'node:async_hooks';
import { createPrivateKey, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import type { TokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { decodeClaims } from './local-tokens';

/**
 * Cognito's `origin_jti`: with token revocation on, every token of one sign-in — the ID and access
 * tokens it issues, and those refreshed from its refresh token — carries the same origin_jti, by
 * which the APIs recognise a session signed out on its own. cognito-local issues none; this wraps
 * its token generator to add it: a fresh one per sign-in, the refresh token's own on a refresh.
 */
const refreshing = new AsyncLocalStorage<string | undefined>();

/** Runs a refresh with the session of the refresh token presented (refresh-tokens.ts). */
export function withSessionOf<T>(refreshToken: unknown, run: () => Promise<T>): Promise<T> {
  const origin = decodeClaims(refreshToken) as { origin_jti?: unknown } | undefined;
  return refreshing.run(
    typeof origin?.origin_jti === 'string' ? origin.origin_jti : undefined,
    run,
  );
}

let privateKey: KeyObject | undefined;
function signingKey(): KeyObject {
  if (!privateKey) {
    const require = createRequire(import.meta.url);
    const { pem } = require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string };
    privateKey = createPrivateKey(pem);
  }
  return privateKey;
}

/** The token with `claims` added, signed again with the service's key (same header). */
function withClaims(token: string, claims: Record<string, unknown>): string {
  const [header, payload] = token.split('.');
  const merged = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ...claims };
  const unsigned = `${header}.${Buffer.from(JSON.stringify(merged)).toString('base64url')}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), signingKey()).toString('base64url')}`;
}

export function withOriginJti(base: TokenGenerator): TokenGenerator {
  return {
    async generate(...args: Parameters<TokenGenerator['generate']>) {
      const tokens = await base.generate(...args);
      const origin =
        (args[5] === 'RefreshTokens' ? refreshing.getStore() : undefined) ?? randomUUID();
      const claims = { origin_jti: origin };
      return {
        AccessToken: withClaims(tokens.AccessToken, claims),
        IdToken: withClaims(tokens.IdToken, claims),
        RefreshToken: withClaims(tokens.RefreshToken, claims),
      };
    },
  };
}
