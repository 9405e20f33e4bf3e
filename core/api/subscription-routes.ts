import type { PermissionLookupAnswer, UserRecord } from '../user-record';
import { answers, defineRoutes } from './contract';

const own = { method: 'POST', auth: 'cognito', cache: 'no-store' } as const;

/**
 * The subscription API's routes (/api/subscription, SPEC §7): the caller's own user details and
 * subscription, and the §7 permission lookup. Cognito ID token required; never another user's.
 * The body's schema is in subscription.ts.
 */
export const SUBSCRIPTION_ROUTES = defineRoutes({
  name: 'subscription',
  prefix: '/api/subscription',
  endpoints: {
    user: { ...own, path: '/user', answer: answers<UserRecord>() },
    permissions: { ...own, path: '/permissions', answer: answers<PermissionLookupAnswer>() },
  },
});
