import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import { CognitoError } from 'cognito-local/lib/errors';

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

/** Which field of which request carries a new password, and how the request names its pool. */
const PASSWORD_FIELDS: Record<string, { field: string; pool: 'client' | 'pool' | 'token' }> = {
  SignUp: { field: 'Password', pool: 'client' },
  ConfirmForgotPassword: { field: 'Password', pool: 'client' },
  AdminSetUserPassword: { field: 'Password', pool: 'pool' },
  AdminCreateUser: { field: 'TemporaryPassword', pool: 'pool' },
  ChangePassword: { field: 'ProposedPassword', pool: 'token' },
};

function poolIdFromAccessToken(token: unknown): string | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    const payload = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as {
      iss?: string;
    };
    return payload.iss?.split('/').pop();
  } catch {
    return undefined;
  }
}

/** Enforces the pool's password policy, which cognito-local accepts but never checks. */
export function withPasswordPolicy(base: Router, services: Services): Router {
  return (target) => {
    const fallback: Route = base(target);
    const spec = PASSWORD_FIELDS[target];
    if (!spec) return fallback;
    return async (ctx, req) => {
      const password = req?.[spec.field];
      if (typeof password === 'string') {
        const pool =
          spec.pool === 'client'
            ? await services.cognito.getUserPoolForClientId(ctx, req.ClientId)
            : await services.cognito.getUserPool(
                ctx,
                (spec.pool === 'pool' ? req.UserPoolId : poolIdFromAccessToken(req.AccessToken)) ??
                  '',
              );
        const policy = (pool.options.Policies?.PasswordPolicy ?? {}) as PasswordPolicy;
        const violation = passwordPolicyViolation(password, policy);
        if (violation) throw new CognitoError('InvalidPasswordException', violation);
      }
      return fallback(ctx, req);
    };
  };
}
