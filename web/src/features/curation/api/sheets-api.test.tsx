import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { stockKey } from '../../../lib/stock-queries';
import { testQueryClient } from '../../../testing/test-utils';
import { sheetsKey, useAfterSheetWrite } from './sheets-api';

const ISIN = 'US0000000001';

function setup(symbol: string | undefined) {
  const client = testQueryClient();
  const mine = stockKey('ACME', 'statements', 'balance', 'quarter', 8);
  const other = stockKey('OTHER', 'shariah');
  for (const key of [mine, other, sheetsKey(ISIN)]) client.setQueryData(key, {});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useAfterSheetWrite(ISIN, symbol), { wrapper });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
  return { afterWrite: result.current, stale, mine, other };
}

describe('after a sheet write', () => {
  it('refreshes the company’s sheets and its public reads, and no other stock’s', async () => {
    const { afterWrite, stale, mine, other } = setup('ACME');
    await afterWrite();
    expect([stale(sheetsKey(ISIN)), stale(mine), stale(other)]).toEqual([true, true, false]);
  });

  it('refreshes every stock’s public reads when the screen does not know the symbol', async () => {
    const { afterWrite, stale, mine, other } = setup(undefined);
    await afterWrite();
    expect([stale(sheetsKey(ISIN)), stale(mine), stale(other)]).toEqual([true, true, true]);
  });
});
