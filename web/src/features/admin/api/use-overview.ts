import { useQuery } from '@tanstack/react-query';
import { CURATION_OVERVIEW_QUERY, type CurationOverview } from '@core/curation/overview';
import { graphqlAsUser } from '../../../lib/auth/call-as-user';
import { getUserCounts } from './admin-api';

/*
 * The figures of /admin/settings and /admin/dashboard: the curation API's overview (the areas the
 * caller may read, their counts and changes; the last ingest for admins) and, for admins, the
 * directory's user counts from AdminQueries.
 */

export const overviewKey = ['curation', 'overview'] as const;

export function useCurationOverview(enabled = true) {
  return useQuery({
    queryKey: overviewKey,
    queryFn: async ({ signal }) =>
      (
        await graphqlAsUser<{ curationOverview: CurationOverview }>(
          CURATION_OVERVIEW_QUERY,
          {},
          signal,
        )
      ).curationOverview,
    enabled,
    // Read afresh on every visit: the console's writes happen on other screens.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useUserCounts(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'userCounts'],
    queryFn: getUserCounts,
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
