import { decodeStockList, type CompactStockList } from '../../core/stock-list';

/** The first `count` NASDAQ or NYSE symbols of the stack's stock list (US hours, USD prices). */
export async function usSymbols(url: string, count: number): Promise<string[]> {
  const list = (await (await fetch(`${url}/api/asset/stocks/list?all=true`)).json()) as {
    data: [CompactStockList];
  };
  return decodeStockList(list.data[0])
    .filter((s) => s.exchangeShortName === 'NASDAQ' || s.exchangeShortName === 'NYSE')
    .slice(0, count)
    .map((s) => s.symbol);
}
