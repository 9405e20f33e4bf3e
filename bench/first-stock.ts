import { decodeStockList, type CompactStockList } from '../core/stock-list';

/** The first stock of a running stack's demo universe: the stock page the benches measure. */
export async function firstStockSymbol(stackUrl: string): Promise<string> {
  const list = (await (await fetch(`${stackUrl}/api/asset/stocks/list?all=true`)).json()) as {
    data: [CompactStockList];
  };
  return decodeStockList(list.data[0])[0]!.symbol;
}
