import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WatchlistView, WatchlistsAnswer } from '@core/watchlists';
import { subscriptionApi } from '../../../lib/apis/subscription';
import { useAuth } from '../../../lib/auth/auth-context';
import { callAsUser } from '../../../lib/auth/call-as-user';

/*
 * The user's watchlists (core/api/subscription-routes.ts /watchlists) as the signed-in user. Each
 * change sends the version the screen shows: a list changed in another tab meanwhile answers 409,
 * and the lists are read again so the user sees what is stored before trying again.
 */

export const watchlistKeys = {
  all: ['watchlists'] as const,
  lists: (sub: string | undefined) => [...watchlistKeys.all, 'lists', sub] as const,
};

export const watchlistsQuery = (sub: string | undefined) =>
  queryOptions({
    queryKey: watchlistKeys.lists(sub),
    queryFn: () => callAsUser(subscriptionApi, 'watchlists'),
    enabled: sub !== undefined,
  });

/** The signed-in user's lists in their order, with their plan's limits. */
export function useWatchlists() {
  const { state } = useAuth();
  return useQuery(watchlistsQuery(state.isAuthenticated ? state.user?.sub : undefined));
}

export type WatchlistChange =
  | { readonly kind: 'create'; readonly name: string; readonly symbols?: readonly string[] }
  | {
      readonly kind: 'update';
      readonly list: WatchlistView;
      readonly name?: string;
      readonly symbols?: readonly string[];
    }
  | { readonly kind: 'reorder'; readonly lists: readonly WatchlistView[] }
  | { readonly kind: 'delete'; readonly list: WatchlistView };

function send(change: WatchlistChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return callAsUser(subscriptionApi, 'createWatchlist', {
        body: { name: change.name, symbols: [...(change.symbols ?? [])] },
      });
    case 'update':
      return callAsUser(subscriptionApi, 'updateWatchlist', {
        params: { id: change.list.id },
        body: {
          name: change.name ?? change.list.name,
          symbols: [...(change.symbols ?? change.list.symbols)],
          version: change.list.version,
        },
      });
    case 'reorder':
      return callAsUser(subscriptionApi, 'reorderWatchlists', {
        body: { order: change.lists.map(({ id, version }) => ({ id, version })) },
      });
    case 'delete':
      return callAsUser(subscriptionApi, 'deleteWatchlist', { params: { id: change.list.id } });
  }
}

/**
 * One mutation for every change of the lists: never retried (a click runs once), and whatever it
 * answers (a 409 included) the lists are read again, so the screen shows what is stored.
 */
export function useWatchlistChange() {
  const client = useQueryClient();
  const { state } = useAuth();
  const key = watchlistKeys.lists(state.user?.sub);
  return useMutation({
    mutationFn: send,
    onSuccess: (answer, change) => {
      // A reorder answers every list: show the new order at once, before the read-back.
      if (change.kind === 'reorder') client.setQueryData(key, answer as WatchlistsAnswer);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** `items` with the one at `from` moved to `to` (both within bounds). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
