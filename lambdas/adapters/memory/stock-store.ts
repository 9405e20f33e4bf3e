import { STOCK_CONFLICT_MESSAGE, type CuratedStock } from '../../../core/curation/stock';
import { Conflict } from '../../../core/domain-errors';
import type { NewStock, StockChange, StockStore } from '../../ports/stock-store';

/** The stock store in memory, with the DynamoDB adapter's semantics, for unit tests. */
export class InMemoryStockStore implements StockStore {
  private readonly stocks = new Map<string, CuratedStock>();
  readonly deleted: { isin: string; deletedBy: string }[] = [];

  constructor(initial: readonly CuratedStock[] = []) {
    for (const stock of initial) this.stocks.set(stock.isin, structuredClone(stock));
  }

  async list(): Promise<CuratedStock[]> {
    return structuredClone([...this.stocks.values()]);
  }

  async get(isin: string): Promise<CuratedStock | undefined> {
    return structuredClone(this.stocks.get(isin));
  }

  async holderOf(symbol: string): Promise<string | undefined> {
    return [...this.stocks.values()].find((stock) => stock.symbol === symbol)?.isin;
  }

  async create({ stock }: NewStock): Promise<void> {
    if (this.stocks.has(stock.isin) || (await this.holderOf(stock.symbol))) {
      throw new Conflict(`A stock with ISIN ${stock.isin} or symbol ${stock.symbol} exists`);
    }
    this.stocks.set(stock.isin, structuredClone(stock));
  }

  async update({ before, after }: StockChange): Promise<void> {
    if (this.stocks.get(before.isin)?.version !== before.version) {
      throw new Conflict(STOCK_CONFLICT_MESSAGE);
    }
    this.stocks.set(after.isin, structuredClone(after));
  }

  async remove(stock: CuratedStock, _deletedAt: string, deletedBy: string): Promise<void> {
    if (this.stocks.get(stock.isin)?.version !== stock.version) {
      throw new Conflict(STOCK_CONFLICT_MESSAGE);
    }
    this.stocks.delete(stock.isin);
    this.deleted.push({ isin: stock.isin, deletedBy });
  }
}
