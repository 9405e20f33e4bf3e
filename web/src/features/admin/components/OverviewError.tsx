import type { UseQueryResult } from '@tanstack/react-query';
import { SectionError } from '../../../components/QueryState';

/** The figures failed to load: the links stay usable, the figures can be asked again. */
export function OverviewError({
  query,
}: {
  query: Pick<UseQueryResult, 'isError' | 'error' | 'refetch' | 'isFetching'>;
}) {
  return query.isError ? <SectionError what="figures" query={query} /> : null;
}
