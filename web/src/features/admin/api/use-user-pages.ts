import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenUser, listEditors, listUsers, type FlatUser } from './admin-api';

/** Which directory listing: every account, or the editor group's members. */
export type UserListing = 'users' | 'editors';

/**
 * The listing page by page: a page of users (core's DIRECTORY_PAGE_SIZE) and a NextToken while
 * more remain. Pages stay in one cache entry, so invalidating ['admin'] refreshes every loaded page.
 * Accounts can be narrowed by a part of the e-mail, which the server matches (the editor group's
 * listing cannot be filtered there); the previous list stays on screen while the next loads.
 */
export function useUserPages(listing: UserListing, emailPart = '') {
  const part = listing === 'users' ? emailPart : '';
  const query = useInfiniteQuery({
    queryKey: ['admin', listing, part],
    queryFn: ({ pageParam }) =>
      listing === 'users' ? listUsers(pageParam, part || undefined) : listEditors(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.NextToken || undefined,
    placeholderData: keepPreviousData,
  });
  const users = useMemo<FlatUser[]>(
    () => query.data?.pages.flatMap((page) => page.Users.map(flattenUser)) ?? [],
    [query.data],
  );
  return { query, users };
}
