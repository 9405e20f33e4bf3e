import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SheetInput } from '@core/curation/sheet';
import type { CompanyImportResult } from '@core/curation/sheet-import';
import { graphqlAsUser } from '../../../lib/auth/call-as-user';
import { allStocksKey, stockKey } from '../../../lib/stock-queries';

/*
 * The sheet fields of the curation API (core/api/graphql.ts, Cognito user-pool auth). Sheets and
 * their line items travel as AWSJSON text; these hooks parse them once.
 */

export interface SheetRow {
  readonly id: string;
  readonly label: string;
  readonly sheetType: SheetInput['sheetType'];
  readonly year: number;
  readonly quarter: number;
  readonly isAnnual: boolean;
  readonly isTTM: boolean;
  readonly date: string;
  readonly version: number;
  readonly updatedAt: string | null;
  readonly updatedBy: string | null;
}

export interface CuratedSheet extends SheetRow {
  readonly isin: string;
  readonly sheet: SheetInput;
}

export interface SheetVersion {
  readonly id: string;
  readonly version: number;
  readonly source: 'edit' | 'restore' | 'delete' | 'import';
  readonly before: SheetInput | null;
  readonly after: SheetInput | null;
  readonly updatedAt: string;
  readonly updatedBy: string;
}

const ROW = 'id label sheetType year quarter isAnnual isTTM date version updatedAt updatedBy';
const LIST = `query CurationSheets($isin: ID!) { curationSheets(isin: $isin) { ${ROW} } }`;
const ONE = `query CurationSheet($isin: ID!, $id: ID!) {
  curationSheet(isin: $isin, id: $id) { isin ${ROW} sheet } }`;
const HISTORY = `query SheetHistory($isin: ID!, $id: ID!) {
  sheetHistory(isin: $isin, id: $id) { id version source before after updatedAt updatedBy } }`;
const CREATE = `mutation CreateSheet($isin: ID!, $sheet: AWSJSON!) {
  createSheet(isin: $isin, sheet: $sheet) { isin ${ROW} sheet } }`;
const UPDATE = `mutation UpdateSheet($isin: ID!, $id: ID!, $sheet: AWSJSON!, $version: Int!) {
  updateSheet(isin: $isin, id: $id, sheet: $sheet, version: $version) { isin ${ROW} sheet } }`;
const DELETE = `mutation DeleteSheet($isin: ID!, $id: ID!, $version: Int!) {
  deleteSheet(isin: $isin, id: $id, version: $version) }`;
const RESTORE = `mutation RestoreSheet($isin: ID!, $id: ID!, $version: Int!, $expectedVersion: Int!) {
  restoreSheet(isin: $isin, id: $id, version: $version, expectedVersion: $expectedVersion) {
    isin ${ROW} sheet } }`;
const IMPORT = `mutation ImportSheets($isin: ID!, $sheets: AWSJSON!, $dryRun: Boolean) {
  importSheets(isin: $isin, sheets: $sheets, dryRun: $dryRun) { added replaced unchanged } }`;

type Wire<T> = Omit<T, 'sheet'> & { readonly sheet: string };
const parsed = (wire: Wire<CuratedSheet> | null): CuratedSheet | null =>
  wire && { ...wire, sheet: JSON.parse(wire.sheet) as SheetInput };
const parseOrNull = (text: string | null) => (text ? (JSON.parse(text) as SheetInput) : null);

const allSheetsKey = ['curation', 'sheets'] as const;
export const sheetsKey = (isin: string) => [...allSheetsKey, isin] as const;
const sheetKey = (isin: string, id: string) => [...sheetsKey(isin), id] as const;

export function useCuratedSheets(isin: string) {
  return useQuery({
    queryKey: sheetsKey(isin),
    queryFn: async ({ signal }) =>
      (await graphqlAsUser<{ curationSheets: SheetRow[] }>(LIST, { isin }, signal)).curationSheets,
  });
}

export function useCuratedSheet(isin: string, id: string) {
  return useQuery({
    queryKey: sheetKey(isin, id),
    queryFn: async ({ signal }) =>
      parsed(
        (
          await graphqlAsUser<{ curationSheet: Wire<CuratedSheet> | null }>(
            ONE,
            { isin, id },
            signal,
          )
        ).curationSheet,
      ),
  });
}

export function useSheetHistory(isin: string, id: string) {
  return useQuery({
    queryKey: [...sheetKey(isin, id), 'history'],
    queryFn: async ({ signal }) =>
      (
        await graphqlAsUser<{
          sheetHistory: (Omit<SheetVersion, 'before' | 'after'> & {
            before: string | null;
            after: string | null;
          })[];
        }>(HISTORY, { isin, id }, signal)
      ).sheetHistory.map((v) => ({
        ...v,
        before: parseOrNull(v.before),
        after: parseOrNull(v.after),
      })),
  });
}

/**
 * After a write: the company's sheets, and every public read of the stock (statements, ratios,
 * Shariah), are fetched again, so no tab shows figures from before the change. A screen opened
 * without ?symbol= does not know the company's public key: every stock's reads are refreshed.
 */
export function useAfterSheetWrite(isin: string, symbol: string | undefined) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: sheetsKey(isin) }),
      client.invalidateQueries({ queryKey: symbol ? stockKey(symbol) : allStocksKey }),
    ]);
}

export function useSaveSheet(isin: string, symbol: string | undefined) {
  const afterWrite = useAfterSheetWrite(isin, symbol);
  return useMutation({
    mutationFn: async (save: { sheet: SheetInput; id?: string; version?: number }) => {
      const sheet = JSON.stringify(save.sheet);
      if (save.id === undefined) {
        return parsed(
          (await graphqlAsUser<{ createSheet: Wire<CuratedSheet> | null }>(CREATE, { isin, sheet }))
            .createSheet,
        );
      }
      return parsed(
        (
          await graphqlAsUser<{ updateSheet: Wire<CuratedSheet> | null }>(UPDATE, {
            isin,
            id: save.id,
            sheet,
            version: save.version,
          })
        ).updateSheet,
      );
    },
    onSuccess: afterWrite,
  });
}

export function useDeleteSheet(isin: string, symbol: string | undefined) {
  const afterWrite = useAfterSheetWrite(isin, symbol);
  return useMutation({
    mutationFn: async ({ id, version }: { id: string; version: number }) =>
      graphqlAsUser<{ deleteSheet: boolean }>(DELETE, { isin, id, version }),
    onSuccess: afterWrite,
  });
}

export function useRestoreSheet(isin: string, symbol: string | undefined) {
  const afterWrite = useAfterSheetWrite(isin, symbol);
  return useMutation({
    mutationFn: async (restore: { id: string; version: number; expectedVersion: number }) =>
      parsed(
        (
          await graphqlAsUser<{ restoreSheet: Wire<CuratedSheet> | null }>(RESTORE, {
            isin,
            ...restore,
          })
        ).restoreSheet,
      ),
    onSuccess: afterWrite,
  });
}

/**
 * After an import: every company's sheet list and every public read of every stock (the import
 * names companies by ISIN, the public queries by symbol), so no tab shows figures from before it.
 */
export function useAfterImport() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: allSheetsKey }),
      client.invalidateQueries({ queryKey: allStocksKey }),
    ]);
}

/** One company's import (all or nothing on the server); the import screen drives many. */
export const importCompanySheets = async (
  isin: string,
  sheets: readonly SheetInput[],
  dryRun = false,
): Promise<CompanyImportResult> =>
  (
    await graphqlAsUser<{ importSheets: CompanyImportResult }>(IMPORT, {
      isin,
      sheets: JSON.stringify(sheets),
      dryRun,
    })
  ).importSheets;
