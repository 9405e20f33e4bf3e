import * as z from 'zod';
import type { PermissionLookupAnswer, UserRecord } from '../user-record';
import { emailSchema } from '../validation';
import { answers, defineApi } from './contract';

/** SPEC §7: the body names the caller's own e-mail (the record is found by the token's sub). */
export const ownEmailBody = z.object({ email: emailSchema });

/**
 * The subscription API (/api/subscription, SPEC §7): the caller's own user details and
 * subscription, and the §7 permission lookup. Cognito ID token required; never another user's.
 */
export const SUBSCRIPTION_API = defineApi({
  name: 'subscription',
  prefix: '/api/subscription',
  endpoints: {
    user: {
      method: 'POST',
      path: '/user',
      auth: 'cognito',
      body: ownEmailBody,
      cache: 'no-store',
      answer: answers<UserRecord>(),
    },
    permissions: {
      method: 'POST',
      path: '/permissions',
      auth: 'cognito',
      body: ownEmailBody,
      cache: 'no-store',
      answer: answers<PermissionLookupAnswer>(),
    },
  },
});
