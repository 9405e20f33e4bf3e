import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShariahStandard } from '@core/market/shariah';
import {
  DEFAULT_SHARIAH_STANDARD,
  preferredShariahStandard,
  type StandardSource,
} from '@core/shariah-preference';
import { subscriptionApi } from './apis/subscription';
import { useAuth } from './auth/auth-context';
import { callAsUser } from './auth/call-as-user';

/**
 * The signed-in user's own record (POST /api/subscription/user): the profile shows it, and the
 * lists read the Shariah standard from it. One query, so a change on the profile reaches them.
 */
export const userRecordQuery = (sub: string | undefined, email: string | undefined) =>
  queryOptions({
    queryKey: ['account', 'record', sub] as const,
    enabled: Boolean(sub && email),
    queryFn: async () =>
      (await callAsUser(subscriptionApi, 'user', { body: { email: email! }, retry: true })) ?? null,
  });

export interface ShownStandard {
  readonly standard: ShariahStandard;
  readonly source: StandardSource;
}

/**
 * The standard a list shows verdicts under: the user's choice, else the default; a visitor's is
 * the default. Undefined while a signed-in user's record loads (the cells wait rather than show
 * another standard's verdict first).
 */
export function useShariahStandard(): ShownStandard | undefined {
  const { state } = useAuth();
  const signedIn = state.isAuthenticated ? state.user : undefined;
  const record = useQuery(userRecordQuery(signedIn?.sub, signedIn?.email));
  if (!signedIn) return { standard: DEFAULT_SHARIAH_STANDARD, source: 'visitor' };
  // A record that cannot be read leaves the lists with the default, said so, not without verdicts.
  if (record.isError) return { standard: DEFAULT_SHARIAH_STANDARD, source: 'default' };
  if (record.data === undefined) return undefined;
  const chosen = record.data?.shariahStandard;
  return { standard: preferredShariahStandard(record.data), source: chosen ? 'chosen' : 'default' };
}
