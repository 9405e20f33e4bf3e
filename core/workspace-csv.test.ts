import { describe, expect, it } from 'vitest';
import { alertsCsv, exportFileName, watchlistsCsv } from './workspace-csv';

const list = (name: string, symbols: string[]) => ({
  id: 'wl_1',
  name,
  symbols,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('workspace CSV exports', () => {
  it('writes one row per symbol and neutralises a formula-like list name', () => {
    expect(watchlistsCsv([list('=HYPERLINK("x")', ['AAPL', 'MSFT']), list('Banks', [])])).toBe(
      'Watchlist,Position,Symbol\r\n"\'=HYPERLINK(""x"")",1,AAPL\r\n"\'=HYPERLINK(""x"")",2,MSFT',
    );
  });

  it('words each alert as the dashboard does', () => {
    const csv = alertsCsv([
      {
        id: 'al_1',
        symbol: 'AAPL',
        condition: { kind: 'above', price: 190 },
        armed: false,
        version: 2,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-02T00:00:00.000Z',
        firedAt: '2026-01-02T00:00:00.000Z',
        firedPrice: 190.5,
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      'AAPL,AAPL at or above 190.00,no,2026-01-01T00:00:00.000Z,2026-01-02T00:00:00.000Z,190.5',
    );
  });

  it('dates the file name', () => {
    expect(exportFileName('alerts', Date.parse('2026-11-26T23:00:00Z'))).toBe(
      'stockscope-alerts-2026-11-26.csv',
    );
  });
});
