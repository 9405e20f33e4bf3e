import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CuratedItemVersion } from '@core/curation/history';
import { graphqlAsUser } from '../../../lib/auth/call-as-user';
import { stockKey } from '../../../lib/stock-queries';

/*
 * The curation API's single items per company (core/api/graphql.ts, Cognito user-pool auth):
 * analyst data and Shariah inputs share the schema's CuratedItem and CuratedItemVersion, with
 * their value as AWSJSON text that these hooks parse once. Errors arrive typed
 * (lib/graphql-client.ts): ConflictError for a stale version, ForbiddenError, …
 */

/** A company's curated item; value null while it has none (version 0). */
export interface CuratedItem<T> {
  readonly isin: string;
  readonly symbol: string;
  readonly version: number;
  readonly updatedAt: string | null;
  readonly updatedBy: string | null;
  readonly value: T | null;
}

type Wire<T> = Omit<T, 'value' | 'before' | 'after'> & {
  value?: string | null;
  before?: string | null;
  after?: string;
};
const json = <T>(text: string | null | undefined): T | null =>
  text ? (JSON.parse(text) as T) : null;
const item = <T>(wire: Wire<CuratedItem<T>> | null): CuratedItem<T> | null =>
  wire && { ...wire, value: json<T>(wire.value) };

const FIELDS = 'isin symbol version updatedAt updatedBy value';

/** The hooks of one kind of item, named as the schema names its fields ('Analyst', 'Shariah'). */
export function curatedItemApi<T, Input>(kind: 'Analyst' | 'Shariah') {
  const lower = kind.toLowerCase();
  const CURATED = `query Curated${kind}($isin: ID!) { curated${kind}(isin: $isin) { ${FIELDS} } }`;
  const HISTORY = `query ${kind}History($isin: ID!) {
  ${lower}History(isin: $isin) { isin version before after updatedAt updatedBy } }`;
  const UPDATE = `mutation Update${kind}($isin: ID!, $value: AWSJSON!, $version: Int!) {
  update${kind}(isin: $isin, ${lower}: $value, version: $version) { ${FIELDS} } }`;
  const RESTORE = `mutation Restore${kind}($isin: ID!, $version: Int!, $expectedVersion: Int!) {
  restore${kind}(isin: $isin, version: $version, expectedVersion: $expectedVersion) { ${FIELDS} } }`;
  const key = (isin: string) => ['curation', lower, isin] as const;

  /**
   * After a write: the item, its history and every public read of the stock are fetched again,
   * so nothing this tab shows is from before the change.
   */
  function useAfterWrite(isin: string, symbol: string) {
    const client = useQueryClient();
    return (saved: CuratedItem<T> | null) => {
      if (saved) client.setQueryData(key(isin), saved);
      return Promise.all([
        client.invalidateQueries({ queryKey: key(isin) }),
        client.invalidateQueries({ queryKey: stockKey(symbol) }),
      ]);
    };
  }

  return {
    useCurated: (isin: string) =>
      useQuery({
        queryKey: key(isin),
        queryFn: async ({ signal }) =>
          item<T>(
            (
              await graphqlAsUser<Record<string, Wire<CuratedItem<T>> | null>>(
                CURATED,
                { isin },
                signal,
              )
            )[`curated${kind}`] ?? null,
          ),
      }),
    useHistory: (isin: string) =>
      useQuery({
        queryKey: [...key(isin), 'history'],
        queryFn: async ({ signal }) =>
          (
            (
              await graphqlAsUser<Record<string, Wire<CuratedItemVersion<T>>[]>>(
                HISTORY,
                { isin },
                signal,
              )
            )[`${lower}History`] ?? []
          ).map((entry): CuratedItemVersion<T> => ({
            ...entry,
            before: json<T>(entry.before),
            after: json<T>(entry.after) as T,
          })),
      }),
    /** Stores the input if the item is still at `version` (else ConflictError). */
    useUpdate: (isin: string, symbol: string) => {
      const afterWrite = useAfterWrite(isin, symbol);
      return useMutation({
        mutationFn: async ({ input, version }: { input: Input; version: number }) =>
          item<T>(
            (
              await graphqlAsUser<Record<string, Wire<CuratedItem<T>> | null>>(UPDATE, {
                isin,
                value: JSON.stringify(input),
                version,
              })
            )[`update${kind}`] ?? null,
          ),
        onSuccess: afterWrite,
      });
    },
    /** Makes a kept version current again, if the item is still at `expectedVersion`. */
    useRestore: (isin: string, symbol: string) => {
      const afterWrite = useAfterWrite(isin, symbol);
      return useMutation({
        mutationFn: async (restore: { version: number; expectedVersion: number }) =>
          item<T>(
            (
              await graphqlAsUser<Record<string, Wire<CuratedItem<T>> | null>>(RESTORE, {
                isin,
                ...restore,
              })
            )[`restore${kind}`] ?? null,
          ),
        onSuccess: afterWrite,
      });
    },
  };
}

export type { CuratedItemVersion };
export type CuratedItemApi<T, Input> = ReturnType<typeof curatedItemApi<T, Input>>;
