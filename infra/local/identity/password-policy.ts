import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import { CognitoError } from 'cognito-local/lib/errors';
import { poolIdOf, verifiedToken } from './local-tokens';
import type { SigningKey } from './signing-key';
import { userFor, type UserAddress } from './user-lookup';

export interface PasswordPolicy {
  readonly MinimumLength?: number;
  readonly RequireLowercase?: boolean;
  readonly RequireUppercase?: boolean;
  readonly RequireNumbers?: boolean;
  readonly RequireSymbols?: boolean;
}

// The characters Cognito counts as symbols (its documented set, including the space).
const COGNITO_SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/** Cognito's check and wording: the first rule a password breaks, or undefined when it conforms. */
export function passwordPolicyViolation(
  password: string,
  policy: PasswordPolicy,
): string | undefined {
  const prefix = 'Password did not conform with policy: ';
  if (password.length < (policy.MinimumLength ?? 8)) return `${prefix}Password not long enough`;
  if (policy.RequireLowercase && !/[a-z]/.test(password))
    return `${prefix}Password must have lowercase characters`;
  if (policy.RequireUppercase && !/[A-Z]/.test(password))
    return `${prefix}Password must have uppercase characters`;
  if (policy.RequireNumbers && !/\d/.test(password))
    return `${prefix}Password must have numeric characters`;
  if (policy.RequireSymbols && !COGNITO_SYMBOLS.test(password))
    return `${prefix}Password must have symbol characters`;
  return undefined;
}

type Request = Record<string, unknown> & { ChallengeResponses?: Record<string, unknown> };
/** The claims of a valid access token of this service, or Cognito's refusal. */
type AccessClaims = (token: unknown) => ReturnType<typeof verifiedToken>;

interface NewPassword {
  readonly password: (req: Request) => unknown;
  readonly pool: (req: Request, access: AccessClaims) => UserAddress;
}

const byClient = (req: Request): UserAddress => ({ ClientId: req.ClientId });
const byPoolId = (req: Request): UserAddress => ({ UserPoolId: req.UserPoolId });

/** Where each request carries a new password, and how it names its pool. */
const NEW_PASSWORDS: Readonly<Record<string, NewPassword>> = {
  SignUp: { password: (req) => req.Password, pool: byClient },
  ConfirmForgotPassword: { password: (req) => req.Password, pool: byClient },
  AdminSetUserPassword: { password: (req) => req.Password, pool: byPoolId },
  AdminCreateUser: { password: (req) => req.TemporaryPassword, pool: byPoolId },
  // The pool is the access token's; the token is checked here, not trusted to an outer layer.
  ChangePassword: {
    password: (req) => req.ProposedPassword,
    pool: (req, access) => ({ UserPoolId: poolIdOf(access(req.AccessToken)) }),
  },
  // Checked before the challenge's session is taken, so a refused password leaves it open.
  RespondToAuthChallenge: {
    password: (req) =>
      req.ChallengeName === 'NEW_PASSWORD_REQUIRED'
        ? req.ChallengeResponses?.NEW_PASSWORD
        : undefined,
    pool: byClient,
  },
};

/** Enforces the pool's password policy, which cognito-local accepts but never checks. */
export function withPasswordPolicy(base: Router, services: Services, key: SigningKey): Router {
  const access: AccessClaims = (token) => verifiedToken(key, token, 'access', services.clock);
  return (target) => {
    const fallback: Route = base(target);
    const spec = NEW_PASSWORDS[target];
    if (!spec) return fallback;
    return async (ctx, req: Request) => {
      const password = spec.password(req ?? {});
      if (typeof password === 'string') {
        const { pool } = await userFor(ctx, services, spec.pool(req, access));
        const policy = (pool.options.Policies?.PasswordPolicy ?? {}) as PasswordPolicy;
        const violation = passwordPolicyViolation(password, policy);
        if (violation) throw new CognitoError('InvalidPasswordException', violation);
      }
      return fallback(ctx, req);
    };
  };
}
