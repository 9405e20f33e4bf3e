import { javaDate } from '../claims';

/**
 * Claims as API Gateway's Cognito authorizer hands them to a Lambda for a fresh, verified ID
 * token: every value a string, iat as a Java date. Tests name only what they vary.
 */
export function authorizerClaims(
  claims: Record<string, string>,
  issuedAt = new Date(),
): Record<string, string> {
  return {
    iat: javaDate(Math.floor(issuedAt.getTime() / 1000)),
    email_verified: 'true',
    ...claims,
  };
}
