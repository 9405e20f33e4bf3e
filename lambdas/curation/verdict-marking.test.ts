import { describe, expect, it } from 'vitest';
import type { CuratedStock } from '../../core/curation/stock';
import type { CurationStores } from '../ports/curation-stores';
import type { VerdictChecks } from '../ports/verdict-watch';
import { verdictMarking } from './verdict-marking';

const stock = (isin: string, symbol: string) => ({ isin, symbol }) as CuratedStock;

/** The stores as far as the marking touches them, recording the order of marks and writes. */
function setUp(failWrite = false) {
  const events: string[] = [];
  const write = async (what: string) => {
    events.push(`write ${what}`);
    if (failWrite) throw new Error('Conflict');
  };
  const stores = {
    shariah: { write: (change: { isin: string }) => write(`shariah ${change.isin}`) },
    sheets: { write: (isin: string) => write(`sheets ${isin}`) },
    curatedStocks: {
      get: async (isin: string) => (isin === 'US0000000001' ? stock(isin, 'ABC') : undefined),
      create: () => write('create'),
      update: () => write('update'),
      remove: () => write('remove'),
    },
  } as unknown as CurationStores;
  const checks: Pick<VerdictChecks, 'mark'> = {
    mark: async (symbols) => void events.push(`mark ${symbols.join(',')}`),
  };
  return { events, marked: verdictMarking(stores, checks as VerdictChecks) };
}

describe('verdictMarking', () => {
  it('marks the stock of a Shariah or sheet write before and after it', async () => {
    const { events, marked } = setUp();
    await marked.shariah.write({ isin: 'US0000000001' } as never);
    await marked.sheets.write('US0000000001', []);
    expect(events).toEqual([
      'mark ABC',
      'write shariah US0000000001',
      'mark ABC',
      'mark ABC',
      'write sheets US0000000001',
      'mark ABC',
    ]);
  });

  it('marks both symbols of a stock whose symbol changed, and a removed stock', async () => {
    const { events, marked } = setUp();
    await marked.curatedStocks.update({
      before: stock('US0000000001', 'ABC'),
      after: { ...stock('US0000000001', 'ABD'), updatedAt: '', updatedBy: '' },
    });
    await marked.curatedStocks.remove(stock('US0000000001', 'ABD'), '', '');
    expect(events).toEqual([
      'mark ABC,ABD',
      'write update',
      'mark ABC,ABD',
      'mark ABD',
      'write remove',
      'mark ABD',
    ]);
  });

  it('lets a refused write through as refused (its first mark finds nothing changed)', async () => {
    const { events, marked } = setUp(true);
    await expect(marked.shariah.write({ isin: 'US0000000001' } as never)).rejects.toThrow(
      'Conflict',
    );
    expect(events).toEqual(['mark ABC', 'write shariah US0000000001']);
  });
});
