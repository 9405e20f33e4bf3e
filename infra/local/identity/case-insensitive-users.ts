import type { Context } from 'cognito-local/lib/services/context';
import type {
  User,
  UserPoolService,
  UserPoolServiceFactory,
} from 'cognito-local/lib/services/userPoolService';

const attribute = (user: User, name: string) =>
  user.Attributes?.find((a) => a.Name === name)?.Value;

/**
 * A pool whose user names and e-mail aliases match in any case, as Cognito matches them in a pool
 * created with UsernameConfiguration CaseSensitive false (the CDK pool's signInCaseSensitive:
 * false): 'USER@stockscope.local' is user@stockscope.local, at sign-in, sign-up (an existing
 * account), password reset and in admin calls alike. cognito-local compares exactly; every lookup
 * by name goes through getUserByUsername, so the pool's own one is extended here.
 */
function caseInsensitive(pool: UserPoolService): UserPoolService {
  const exactly = pool.getUserByUsername.bind(pool);
  pool.getUserByUsername = async (ctx: Context, username: string) => {
    const user = await exactly(ctx, username);
    if (user || pool.options.UsernameConfiguration?.CaseSensitive === true) return user;
    const wanted = username.toLowerCase();
    const byEmail = pool.options.UsernameAttributes?.includes('email') ?? false;
    return (
      (await pool.listUsers(ctx)).find(
        (u) =>
          u.Username.toLowerCase() === wanted ||
          (byEmail && attribute(u, 'email')?.toLowerCase() === wanted),
      ) ?? null
    );
  };
  return pool;
}

/**
 * cognito-local's pool factory, with every pool it opens matching names in any case unless the
 * pool was created case-sensitive.
 */
export function caseInsensitiveUserPools(factory: UserPoolServiceFactory): UserPoolServiceFactory {
  return {
    create: async (...args) => caseInsensitive(await factory.create(...args)),
  };
}
