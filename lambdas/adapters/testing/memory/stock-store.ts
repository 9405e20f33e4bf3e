import { CURATED_HISTORY_LIMIT } from '../../../../core/curation/history';
import {
  STOCK_CONFLICT_MESSAGE,
  type CuratedStock,
  type StockVersion,
} from '../../../../core/curation/stock';
import { Conflict } from '../../../../core/domain-errors';
import type { NewStock, StockChange, StockStore, WrittenStock } from '../../../ports/stock-store';

/** The stock store in memory, with the DynamoDB adapter's semantics, for unit tests. */
export class InMemoryStockStore implements StockStore {
  private readonly stocks = new Map<string, CuratedStock>();
  private readonly audit = new Map<string, StockVersion[]>();
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

  async history(isin: string): Promise<StockVersion[]> {
    return structuredClone([...(this.audit.get(isin) ?? [])].reverse());
  }

  async entry(isin: string, version: number): Promise<StockVersion | undefined> {
    return structuredClone(this.audit.get(isin)?.find((entry) => entry.version === version));
  }

  async holderOf(symbol: string): Promise<string | undefined> {
    return [...this.stocks.values()].find((stock) => stock.symbol === symbol)?.isin;
  }

  async create({ stock }: NewStock): Promise<void> {
    if (this.stocks.has(stock.isin) || (await this.holderOf(stock.symbol))) {
      throw new Conflict(`A stock with ISIN ${stock.isin} or symbol ${stock.symbol} exists`);
    }
    this.stocks.set(stock.isin, structuredClone(stock));
    this.record(null, stock);
  }

  async update({ before, after }: StockChange): Promise<void> {
    if (this.stocks.get(before.isin)?.version !== before.version) {
      throw new Conflict(STOCK_CONFLICT_MESSAGE);
    }
    this.stocks.set(after.isin, structuredClone(after));
    this.record(before, after);
  }

  async remove(stock: CuratedStock, _deletedAt: string, deletedBy: string): Promise<void> {
    if (this.stocks.get(stock.isin)?.version !== stock.version) {
      throw new Conflict(STOCK_CONFLICT_MESSAGE);
    }
    this.stocks.delete(stock.isin);
    // The partition goes, its audit trail with it.
    this.audit.delete(stock.isin);
    this.deleted.push({ isin: stock.isin, deletedBy });
  }

  private record(before: CuratedStock | null, after: WrittenStock): void {
    const entry: StockVersion = structuredClone({
      isin: after.isin,
      version: after.version,
      before,
      after,
      updatedAt: after.updatedAt,
      updatedBy: after.updatedBy,
    });
    const entries = [...(this.audit.get(after.isin) ?? []), entry];
    this.audit.set(after.isin, entries.slice(-CURATED_HISTORY_LIMIT));
  }
}
