import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { javaDate } from '../../lambdas/shared/claims';

/** Claims of a verified ID token, as API Gateway's Cognito authorizer hands them to a Lambda. */
export type VerifiedClaims = Record<string, string>;

export interface IdTokenVerifier {
  verify(token: string): Promise<VerifiedClaims>;
}

const TIME_CLAIMS = new Set(['iat', 'exp', 'auth_time']);

/** Loads a pool's JWKS over plain HTTP (aws-jwt-verify fetches only https, the local service is http). */
export async function fetchJwks(issuer: string): Promise<Jwks> {
  const response = await fetch(`${issuer}/.well-known/jwks.json`);
  if (!response.ok) throw new Error(`JWKS request failed with ${response.status}`);
  return (await response.json()) as Jwks;
}

/**
 * Verifies ID tokens of the local identity service the way API Gateway's Cognito authorizer does
 * (signature against the pool's JWKS, issuer, audience = the app client, token_use 'id', expiry).
 */
export function idTokenVerifier(options: {
  identityEndpoint: string;
  userPoolId: string;
  clientId: string;
}): IdTokenVerifier {
  const issuer = `${options.identityEndpoint}/${options.userPoolId}`;
  const verifier = JwtRsaVerifier.create({
    issuer,
    audience: options.clientId,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'id') throw new Error('Not an ID token');
    },
  });
  let jwksLoaded: Promise<void> | undefined;
  return {
    async verify(token) {
      jwksLoaded ??= fetchJwks(issuer).then(
        (jwks) => verifier.cacheJwks(jwks),
        (error: unknown) => {
          jwksLoaded = undefined; // try again on the next request
          throw error;
        },
      );
      await jwksLoaded;
      const payload = await verifier.verify(token);
      // API Gateway flattens every claim to a string; groups become a bracketed list, and the
      // REST API's authorizer writes the time claims as Java dates ('Tue Nov 24 18:10:15 UTC 2026').
      return Object.fromEntries(
        Object.entries(payload).map(([key, value]) => [
          key,
          Array.isArray(value)
            ? `[${value.join(' ')}]`
            : TIME_CLAIMS.has(key) && typeof value === 'number'
              ? javaDate(value)
              : String(value),
        ]),
      );
    },
  };
}
