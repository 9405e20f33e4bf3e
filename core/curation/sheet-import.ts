import type { SheetInput } from './sheet';

/** What the server answers for one company's import. */
export interface CompanyImportResult {
  readonly added: number;
  readonly replaced: number;
  readonly unchanged: number;
}

export interface ImportProgress {
  readonly companiesDone: number;
  readonly companies: number;
  readonly sheetsDone: number;
  readonly sheets: number;
}

/** The closing summary: totals, and each company that failed (its sheets all left as they were). */
export interface ImportSummary extends CompanyImportResult {
  readonly companies: number;
  readonly failed: readonly { readonly isin: string; readonly message: string }[];
}

/** Companies sent at once: enough to hide the round trip, few enough not to swamp the API. */
export const IMPORT_CONCURRENCY = 4;

/**
 * Sends a checked import company by company (each company all-or-nothing on the server) with a
 * few in flight, reporting progress after each; a company that fails is recorded and the others
 * go on. The console drives its progress bar with it and the bench measures it.
 */
export async function importCompanies(
  companies: ReadonlyMap<string, readonly SheetInput[]>,
  send: (isin: string, sheets: readonly SheetInput[]) => Promise<CompanyImportResult>,
  options: {
    readonly concurrency?: number;
    readonly onProgress?: (progress: ImportProgress) => void;
  } = {},
): Promise<ImportSummary> {
  const queue = [...companies.entries()];
  const sheets = queue.reduce((total, [, list]) => total + list.length, 0);
  const totals = { added: 0, replaced: 0, unchanged: 0 };
  const failed: { isin: string; message: string }[] = [];
  let companiesDone = 0;
  let sheetsDone = 0;
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const [isin, list] = queue[next++]!;
      try {
        const result = await send(isin, list);
        totals.added += result.added;
        totals.replaced += result.replaced;
        totals.unchanged += result.unchanged;
      } catch (error) {
        failed.push({ isin, message: error instanceof Error ? error.message : String(error) });
      }
      companiesDone += 1;
      sheetsDone += list.length;
      options.onProgress?.({ companiesDone, companies: queue.length, sheetsDone, sheets });
    }
  };
  const lanes = Math.max(1, Math.min(options.concurrency ?? IMPORT_CONCURRENCY, queue.length));
  await Promise.all(Array.from({ length: lanes }, worker));
  return { ...totals, companies: queue.length, failed };
}
