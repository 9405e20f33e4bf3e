import { describe, expect, it } from 'vitest';
import type { SheetInput } from './sheet';
import { importCompanies, type ImportProgress } from './sheet-import';

const sheet = {} as SheetInput;

describe('importCompanies', () => {
  it('sends every company, reports progress after each, and records failures without stopping', async () => {
    const companies = new Map([
      ['A', [sheet, sheet]],
      ['B', [sheet]],
      ['C', [sheet, sheet, sheet]],
    ]);
    const progress: ImportProgress[] = [];
    let inFlight = 0;
    let most = 0;
    const summary = await importCompanies(
      companies,
      async (isin, list) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
        if (isin === 'B') throw new Error('B: refused');
        return { added: list.length, replaced: 0, unchanged: 0 };
      },
      { concurrency: 2, onProgress: (p) => progress.push(p) },
    );
    expect(summary).toEqual({
      added: 5,
      replaced: 0,
      unchanged: 0,
      companies: 3,
      failed: [{ isin: 'B', message: 'B: refused' }],
    });
    expect(most).toBe(2);
    expect(progress.map((p) => p.companiesDone)).toEqual([1, 2, 3]);
    expect(progress.at(-1)).toEqual({ companiesDone: 3, companies: 3, sheetsDone: 6, sheets: 6 });
  });
});
