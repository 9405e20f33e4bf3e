import type { PermissionSet } from '@core/permissions';
import type { Subscription } from '@core/session';
import type { PermissionLookupAnswer, UserRecord } from '@core/user-record';
import { subscriptionApi } from '../../../lib/apis/subscription';
import { callEndpoint } from '../../../lib/contract-client';

// POST /user answers the caller's own record; only its subscription is read here.
type UserDetails = Pick<UserRecord, 'subscription'>;

/**
 * SPEC §7: POST with a JSON body and the ID token as authorization, retried on network errors,
 * throttling and 5xx. An empty answer is possible (undefined).
 */
const post = <T>(name: 'user' | 'permissions', email: string, idToken: string) =>
  callEndpoint(subscriptionApi, name, {
    body: { email },
    idToken,
    retry: true,
  }) as Promise<T>;

/** §4: the user's subscription, looked up by e-mail (null: none). */
export async function loadSubscription(
  email: string,
  idToken: string,
): Promise<Subscription | null> {
  const details = await post<UserDetails | undefined>('user', email, idToken);
  const subscription = details?.subscription;
  return subscription && typeof subscription === 'object' ? subscription : null;
}

/** §7 permission lookup: permissionSet.accessLevels by e-mail (null: no set). */
export async function loadPermissions(
  email: string,
  idToken: string,
): Promise<PermissionSet | null> {
  const answer = await post<PermissionLookupAnswer | undefined>('permissions', email, idToken);
  return answer?.permissionSet?.accessLevels ?? null;
}
