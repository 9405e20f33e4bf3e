import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenUser, listEditors, listUsers, type FlatUser, type UserPage } from './admin-api';

/** Which directory listing: every account, or the editor group's members. */
export type UserListing = 'users' | 'editors';

const fetchers: Record<UserListing, (token?: string) => Promise<UserPage>> = {
  users: listUsers,
  editors: listEditors,
};

/**
 * The listing page by page: the directory answers at most 60 users and a NextToken while more
 * remain. Pages stay in one cache entry, so invalidating ['admin'] refreshes every loaded page.
 */
export function useUserPages(listing: UserListing) {
  const query = useInfiniteQuery({
    queryKey: ['admin', listing],
    queryFn: ({ pageParam }) => fetchers[listing](pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.NextToken || undefined,
  });
  const users = useMemo<FlatUser[]>(
    () => query.data?.pages.flatMap((page) => page.Users.map(flattenUser)) ?? [],
    [query.data],
  );
  return { query, users };
}
