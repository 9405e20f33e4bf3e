import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';

/**
 * DescribeUserPool with EstimatedNumberOfUsers, as Cognito answers it (the admin dashboard's user
 * count); cognito-local leaves the field out. Locally the estimate is exact.
 */
export function withUserCount(base: Router, services: Services): Router {
  return (target) => {
    const fallback: Route = base(target);
    if (target !== 'DescribeUserPool') return fallback;
    return async (ctx, req) => {
      const answer = (await fallback(ctx, req)) as { UserPool?: Record<string, unknown> };
      const pool = await services.cognito.getUserPool(ctx, String(req?.UserPoolId));
      const users = await pool.listUsers(ctx);
      return { ...answer, UserPool: { ...answer.UserPool, EstimatedNumberOfUsers: users.length } };
    };
  };
}
