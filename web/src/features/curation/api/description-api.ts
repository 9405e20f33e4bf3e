import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CuratedDescription, DescriptionVersion } from '@core/curation/description';
import { graphqlAsUser } from '../../../lib/auth/call-as-user';
import { stockKey } from '../../../lib/stock-queries';

/*
 * The description fields of the curation API (core/api/graphql.ts, Cognito user-pool auth): read
 * the curated text and its history, update it at a version, restore a kept version. Errors arrive
 * typed (lib/graphql-client.ts): ConflictError for a stale version, ForbiddenError, …
 */

const FIELDS = 'isin text version updatedAt updatedBy';

const CURATED = `query CuratedDescription($isin: ID!) {
  curatedDescription(isin: $isin) { ${FIELDS} }
}`;
const HISTORY = `query DescriptionHistory($isin: ID!) {
  descriptionHistory(isin: $isin) { isin version before after updatedAt updatedBy }
}`;
const UPDATE = `mutation UpdateDescription($isin: ID!, $text: String!, $version: Int!) {
  updateDescription(isin: $isin, text: $text, version: $version) { ${FIELDS} }
}`;
const RESTORE = `mutation RestoreDescription($isin: ID!, $version: Int!, $expectedVersion: Int!) {
  restoreDescription(isin: $isin, version: $version, expectedVersion: $expectedVersion) { ${FIELDS} }
}`;

export const descriptionKey = (isin: string) => ['curation', 'description', isin] as const;
const historyKey = (isin: string) => [...descriptionKey(isin), 'history'] as const;

/** The company's description as curated (null: no company has the ISIN). */
export const fetchCuratedDescription = async (isin: string, signal?: AbortSignal) =>
  (
    await graphqlAsUser<{ curatedDescription: CuratedDescription | null }>(
      CURATED,
      { isin },
      signal,
    )
  ).curatedDescription;

export const fetchDescriptionHistory = async (isin: string, signal?: AbortSignal) =>
  (await graphqlAsUser<{ descriptionHistory: DescriptionVersion[] }>(HISTORY, { isin }, signal))
    .descriptionHistory;

export function useCuratedDescription(isin: string) {
  return useQuery({
    queryKey: descriptionKey(isin),
    queryFn: ({ signal }) => fetchCuratedDescription(isin, signal),
  });
}

export function useDescriptionHistory(isin: string) {
  return useQuery({
    queryKey: historyKey(isin),
    queryFn: ({ signal }) => fetchDescriptionHistory(isin, signal),
  });
}

/**
 * After a write: the curated text, its history and the public stock page's profile are read
 * again, so nothing this tab shows is the text from before the change.
 */
function useAfterWrite(isin: string, symbol: string) {
  const client = useQueryClient();
  return (saved: CuratedDescription | null) => {
    if (saved) client.setQueryData(descriptionKey(isin), saved);
    return Promise.all([
      client.invalidateQueries({ queryKey: descriptionKey(isin) }),
      client.invalidateQueries({ queryKey: stockKey(symbol) }),
    ]);
  };
}

/** Stores a new text (`input`) if the description is still at `version` (else ConflictError). */
export function useUpdateDescription(isin: string, symbol: string) {
  const afterWrite = useAfterWrite(isin, symbol);
  return useMutation({
    mutationFn: async ({ input, version }: { input: string; version: number }) =>
      (
        await graphqlAsUser<{ updateDescription: CuratedDescription | null }>(UPDATE, {
          isin,
          text: input,
          version,
        })
      ).updateDescription,
    onSuccess: afterWrite,
  });
}

/** Makes a kept version's text current again, if the description is still at `expectedVersion`. */
export function useRestoreDescription(isin: string, symbol: string) {
  const afterWrite = useAfterWrite(isin, symbol);
  return useMutation({
    mutationFn: async ({
      version,
      expectedVersion,
    }: {
      version: number;
      expectedVersion: number;
    }) =>
      (
        await graphqlAsUser<{ restoreDescription: CuratedDescription | null }>(RESTORE, {
          isin,
          version,
          expectedVersion,
        })
      ).restoreDescription,
    onSuccess: afterWrite,
  });
}
