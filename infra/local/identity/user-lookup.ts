import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';

/** How a request names its pool (by app client, else by id) and, optionally, a user. */
export interface UserAddress {
  readonly ClientId?: unknown;
  readonly UserPoolId?: unknown;
  readonly Username?: unknown;
}

export interface FoundUser {
  readonly pool: UserPoolService;
  /** The user the name or alias (e-mail, sub) stands for; null when there is none. */
  readonly user: User | null;
}

/**
 * The pool a request is about and the user it names: the one lookup every wrapper needs. A request
 * with an app client is answered in that client's pool, as Cognito does; an unknown client or pool
 * is cognito-local's ResourceNotFoundException.
 */
export async function userFor(
  ctx: Context,
  services: Services,
  req: UserAddress,
): Promise<FoundUser> {
  const pool =
    typeof req.ClientId === 'string' && req.ClientId !== ''
      ? await services.cognito.getUserPoolForClientId(ctx, req.ClientId)
      : await services.cognito.getUserPool(ctx, String(req.UserPoolId ?? ''));
  const user =
    typeof req.Username === 'string' ? await pool.getUserByUsername(ctx, req.Username) : null;
  return { pool, user };
}
