import { describe, expect, it } from 'vitest';
import {
  identifyStatement,
  compareSheetsNewestFirst,
  displayDate,
  displayYear,
  hasTtm,
  sheetDescriptor,
  sheetDescriptors,
  sheetSortKey,
  STATEMENT_API_PATHS,
  STATEMENT_COLLECTIONS,
  STATEMENT_KINDS,
  statementRequest,
  type StatementItem,
  type StockStatements,
} from './statements';

const annual = (year: number, id = `FY${year}`): StatementItem<'income'> => ({
  id,
  date: `${year}-12-31`,
  year,
  quarter: 0,
  isAnnual: true,
  isTTM: false,
});
const quarter = (year: number, q: number): StatementItem<'cash'> => ({
  id: `${year}Q${q}`,
  date: `${year}-${String(q * 3).padStart(2, '0')}-30`,
  year,
  quarter: q,
  isAnnual: false,
  isTTM: false,
});
const ttm: StatementItem<'income'> = { ...annual(2025, 'TTM1'), isAnnual: false, isTTM: true };

describe('§3/§7 statement kinds', () => {
  it('maps income, balance, cash to their collections and asset API paths', () => {
    expect(STATEMENT_KINDS).toEqual(['income', 'balance', 'cash']);
    expect(STATEMENT_COLLECTIONS).toEqual({
      income: 'incomeStatements',
      balance: 'balanceSheets',
      cash: 'cashFlowStatements',
    });
    expect(STATEMENT_API_PATHS).toEqual({
      income: 'income-statement',
      balance: 'balance-sheet-statement',
      cash: 'cash-flow-statement',
    });
  });

  it('has TTM items for income and cash flow only', () => {
    expect(STATEMENT_KINDS.filter(hasTtm)).toEqual(['income', 'cash']);
  });

  it('builds the §7 statement call with period and limit (default 8)', () => {
    expect(statementRequest('ACME', 'balance', 'quarter')).toEqual({
      endpoint: 'balanceSheets',
      params: { symbol: 'ACME' },
      query: { period: 'quarter', limit: '8' },
    });
    expect(statementRequest('BRK.B', 'cash', 'annual', 4).query.limit).toBe('4');
  });
});

describe('§3 statement items', () => {
  it('shows TTM as date and year of TTM items', () => {
    expect(displayDate(ttm)).toBe('TTM');
    expect(displayYear(ttm)).toBe('TTM');
    expect(displayDate(annual(2024))).toBe('2024-12-31');
    expect(displayYear(annual(2024))).toBe('2024');
    const balance: StatementItem<'balance'> = {
      id: 'b',
      date: '2024-06-30',
      year: 2024,
      quarter: 2,
      isAnnual: false,
    };
    expect(displayYear(balance)).toBe('2024');
  });

  it('orders newest first, TTM first, the annual sheet above the quarters of its year', () => {
    const items = [quarter(2024, 1), annual(2023), ttm, quarter(2024, 4), annual(2024)];
    expect([...items].sort(compareSheetsNewestFirst).map((i) => i.id)).toEqual([
      'TTM1',
      'FY2024',
      '2024Q4',
      '2024Q1',
      'FY2023',
    ]);
    expect(sheetSortKey(ttm)).toBe(Number.POSITIVE_INFINITY);
    expect(sheetSortKey(annual(2024))).toBeGreaterThan(sheetSortKey(quarter(2024, 4)));
    expect(sheetSortKey(quarter(2024, 1))).toBeGreaterThan(sheetSortKey(annual(2023)));
  });
});

describe('§3 sheet descriptor', () => {
  it("labels '{kind} - {id}', with Year, Quarter, id, sheetType, isTTM, isAnnual", () => {
    expect(sheetDescriptor('income', annual(2024, 'abc'))).toEqual({
      Sheet: 'Income Statement - abc',
      Year: 2024,
      Quarter: 0,
      id: 'abc',
      sheetType: 'income',
      isTTM: false,
      isAnnual: true,
    });
    expect(sheetDescriptor('income', ttm)).toMatchObject({ Year: 'TTM', isTTM: true });
    expect(
      sheetDescriptor('balance', {
        id: 'b1',
        date: '2024-12-31',
        year: 2024,
        quarter: 0,
        isAnnual: true,
      }),
    ).toMatchObject({ Sheet: 'Balance Sheet - b1', isTTM: false });
  });

  it('lists every sheet of a stock newest first', () => {
    const statements: Partial<StockStatements> = {
      incomeStatements: { items: [annual(2023), ttm] },
      cashFlowStatements: { items: [quarter(2024, 2)] },
      balanceSheets: {
        items: [{ id: 'B2023', date: '2023-12-31', year: 2023, quarter: 0, isAnnual: true }],
      },
    };
    expect(sheetDescriptors(statements).map((d) => d.Sheet)).toEqual([
      'Income Statement - TTM1',
      'Cash Flow Statement - 2024Q2',
      'Income Statement - FY2023',
      'Balance Sheet - B2023',
    ]);
    expect(sheetDescriptors({})).toEqual([]);
  });
});

describe('§3 statement identity of provider items', () => {
  const base = {
    date: '2025-12-31',
    symbol: 'ACME',
    reportedCurrency: 'USD',
    fillingDate: '2026-02-10',
    acceptedDate: '2026-02-10',
  };

  it('gives annual items quarter 0 and a FY id', () => {
    const item = identifyStatement('balance', {
      ...base,
      calendarYear: '2025',
      period: 'FY',
    } as never);
    expect(item).toMatchObject({ id: 'balance-2025-FY', year: 2025, quarter: 0, isAnnual: true });
    expect('isTTM' in item).toBe(false);
  });

  it('numbers quarters and flags TTM items of income and cash flow only', () => {
    const q3 = identifyStatement('income', {
      ...base,
      calendarYear: '2025',
      period: 'Q3',
    } as never);
    expect(q3).toMatchObject({ id: 'income-2025-Q3', quarter: 3, isAnnual: false, isTTM: false });
    const ttm = identifyStatement('cash', {
      ...base,
      calendarYear: '2025',
      period: 'TTM',
    } as never);
    expect(ttm).toMatchObject({ id: 'cash-ttm', isTTM: true, isAnnual: false });
    expect(displayYear(ttm)).toBe('TTM');
    expect(displayDate(ttm)).toBe('TTM');
  });
});
