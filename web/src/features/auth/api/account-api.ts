import { withRetry } from '../../../../../core/retry';
import type { PermissionSet } from '../../../../../core/permissions';
import type { Subscription } from '../../../../../core/session';
import { ApiError } from '../../../lib/api-client';

/** The subscription API on the same origin (CloudFront or the local server). */
export const SUBSCRIPTION_API_BASE = '/api/subscription';

/**
 * POST a JSON body with the ID token (SPEC §7: JSON content type, identity token as
 * authorization); retried on network errors, throttling and 5xx as §7's transport says.
 */
export async function postWithIdToken<T>(
  path: string,
  body: unknown,
  idToken: string,
  fetchImpl: typeof fetch = fetch,
  sleep?: (ms: number) => Promise<void>,
): Promise<T> {
  return withRetry(
    async () => {
      const response = await fetchImpl(path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Authorization: idToken,
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new ApiError(response.status, `Request failed (${response.status})`);
      return (await response.json()) as T;
    },
    sleep ? { sleep } : {},
  );
}

interface UserDetails {
  readonly subscription?: Subscription | null;
}

/** §4: the user's subscription, looked up by e-mail (null: none). */
export async function loadSubscription(
  email: string,
  idToken: string,
  fetchImpl: typeof fetch = fetch,
): Promise<Subscription | null> {
  const details = await postWithIdToken<UserDetails>(
    `${SUBSCRIPTION_API_BASE}/user`,
    { email },
    idToken,
    fetchImpl,
  );
  const subscription = details?.subscription;
  return subscription && typeof subscription === 'object' ? subscription : null;
}

interface PermissionAnswer {
  readonly permissionSet?: { readonly accessLevels?: PermissionSet } | null;
}

/** §7 permission lookup: permissionSet.accessLevels by e-mail (null: no set). */
export async function loadPermissions(
  email: string,
  idToken: string,
  fetchImpl: typeof fetch = fetch,
): Promise<PermissionSet | null> {
  const answer = await postWithIdToken<PermissionAnswer>(
    `${SUBSCRIPTION_API_BASE}/permissions`,
    { email },
    idToken,
    fetchImpl,
  );
  return answer?.permissionSet?.accessLevels ?? null;
}
