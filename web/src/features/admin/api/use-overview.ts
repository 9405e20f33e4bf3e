import { useQuery } from '@tanstack/react-query';
import type { CurationOverview } from '@core/curation/overview';
import { graphqlAsUser } from '../../../lib/auth/call-as-user';
import { getUserCounts } from './admin-api';

/*
 * The figures of /admin/settings and /admin/dashboard: the curation API's overview (the areas the
 * caller may read, their counts and changes; the last ingest for admins) and, for admins, the
 * directory's user counts from AdminQueries.
 */

const OVERVIEW = `query CurationOverview {
  curationOverview {
    since
    areas { area count recentChanges lastChange { area isin updatedAt updatedBy } }
    changesByPerson { who changes }
    recent { area isin updatedAt updatedBy }
    lastIngest {
      source startedAt finishedAt ingested failed failures { symbol reason }
      refusals { endpoint exchange message companies }
    }
  }
}`;

export const overviewKey = ['curation', 'overview'] as const;

export function useCurationOverview(enabled = true) {
  return useQuery({
    queryKey: overviewKey,
    queryFn: async ({ signal }) =>
      (await graphqlAsUser<{ curationOverview: CurationOverview }>(OVERVIEW, {}, signal))
        .curationOverview,
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
