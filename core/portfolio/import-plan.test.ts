import { describe, expect, it } from 'vitest';
import { parseImport, PRODUCT_PRESET, resolveImport } from './csv-import';
import { importHasErrorsText, importPlan } from './import-plan';

const listed = { byIsin: new Map<string, string>(), bySymbol: new Map([['MSFT', 'MSFT']]) };
const header = 'Date,Type,Symbol,Quantity,Price,Fees,Amount,Tax withheld,Split ratio,Currency';
const file = (...rows: string[]) =>
  resolveImport(
    parseImport([header, ...rows].join('\n'), PRODUCT_PRESET.mapping),
    PRODUCT_PRESET.mapping,
    listed,
  );

describe('the plan of an import into a portfolio', () => {
  it('counts the rows the portfolio holds already and adds only the others', async () => {
    const first = await file('2024-01-03,buy,MSFT,10,300,0,,,,USD');
    const stored = first.rows.map((r, i) => ({ ...r.entry, id: `tx_${i}` }));
    const plan = importPlan(
      await file('2024-01-03,buy,MSFT,10,300,0,,,,USD', '2024-02-01,sell,MSFT,4,310,1,,,,USD'),
      PRODUCT_PRESET.mapping,
      stored,
    );
    expect(plan.preview).toMatchObject({ rowCount: 2, fresh: 1, alreadyThere: 1, errors: [] });
    expect(plan.preview.rows.map((r) => r.alreadyThere)).toEqual([true, false]);
    expect(plan.entries).toEqual([expect.objectContaining({ type: 'sell', quantity: 4 })]);
  });

  it('makes what the ledger cannot take an error of its row, in the column it came from', async () => {
    const plan = importPlan(
      await file(
        '2024-01-03,buy,MSFT,10,300,0,,,,USD',
        '2024-02-01,sell,MSFT,12,310,0,,,,USD',
        '2024-02-02,buy,MSFT,1,310,0,,,,EUR',
      ),
      PRODUCT_PRESET.mapping,
      [],
    );
    expect(plan.preview.errors).toEqual([
      {
        row: 3,
        column: 'Quantity',
        message: 'It sells 12 shares of MSFT but 10 are held on 2024-02-01.',
      },
      {
        row: 4,
        column: 'Currency',
        message: "Currency must be USD, like MSFT's other transactions.",
      },
    ]);
    expect(plan.preview).toMatchObject({ rowsWithErrors: 2, fresh: 1 });
    expect(plan.entries).toHaveLength(1);
  });

  it('tells how many rows have errors in the user’s words', () => {
    expect(importHasErrorsText(1)).toBe(
      '1 row of the file has an error: fix the file, or choose to leave it out.',
    );
    expect(importHasErrorsText(3)).toBe(
      '3 rows of the file have errors: fix the file, or choose to leave them out.',
    );
  });
});
