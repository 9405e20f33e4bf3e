import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { TokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { decodeClaims } from './local-tokens';
import { signJwt, type SigningKey } from './signing-key';

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

/**
 * The token with `claims` added, signed again with this installation's key: cognito-local signs
 * with the key pair its npm package publishes, whose signature nothing here accepts.
 */
function withClaims(token: string, claims: Record<string, unknown>, key: SigningKey): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  return signJwt(key, { ...payload, ...claims });
}

/** Every token cognito-local generates, with its origin_jti and signed with `key`. */
export function withOriginJti(base: TokenGenerator, key: SigningKey): TokenGenerator {
  return {
    async generate(...args: Parameters<TokenGenerator['generate']>) {
      const tokens = await base.generate(...args);
      const origin =
        (args[5] === 'RefreshTokens' ? refreshing.getStore() : undefined) ?? randomUUID();
      const claims = { origin_jti: origin };
      return {
        AccessToken: withClaims(tokens.AccessToken, claims, key),
        IdToken: withClaims(tokens.IdToken, claims, key),
        RefreshToken: withClaims(tokens.RefreshToken, claims, key),
      };
    },
  };
}
