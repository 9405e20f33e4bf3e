import type { CuratedStock, StockVersion } from '../../core/curation/stock';
import type { CompanyProfile } from '../../core/market/types';

/**
 * A stock as a write stores it: unlike an ingested row never edited, it always says who wrote it
 * and when, and its audit entry carries that time.
 */
export type WrittenStock = CuratedStock & {
  readonly updatedAt: string;
  readonly updatedBy: string;
};

/** A new stock as stored: its console row and its FMP-shaped profile. */
export interface NewStock {
  readonly stock: WrittenStock;
  readonly profile: CompanyProfile;
}

/** A versioned change of a stock's profile facts or visibility, with who made it when. */
export interface StockChange {
  readonly before: CuratedStock;
  readonly after: WrittenStock;
}

/**
 * Port over the stocks as the console curates them (the PROFILE item of each company's
 * partition, its audit trail, and the symbol each stock holds).
 */
export interface StockStore {
  /** Every stock, hidden ones included. */
  list(): Promise<CuratedStock[]>;
  get(isin: string): Promise<CuratedStock | undefined>;
  /** The ISIN of the stock holding `symbol`, if any. */
  holderOf(symbol: string): Promise<string | undefined>;
  /** Adds the stock with its first audit entry; Conflict when its ISIN or symbol is taken. */
  create(stock: NewStock): Promise<void>;
  /** The kept audit entries (the last CURATED_HISTORY_LIMIT), newest first. */
  history(isin: string): Promise<StockVersion[]>;
  /** One kept audit entry; undefined when it was never written or has been dropped. */
  entry(isin: string, version: number): Promise<StockVersion | undefined>;
  /**
   * Stores `after` as before.version + 1 with its audit entry, dropping the entry that falls out
   * of the kept history; Conflict when stale.
   */
  update(change: StockChange): Promise<void>;
  /**
   * Removes the stock and everything of its partition (sheets, analyst and Shariah data, the
   * audit trail), after a conditional delete of its profile at `version` (Conflict when stale).
   * A record of the deletion (who, when, the profile) is kept outside the partition.
   */
  remove(stock: CuratedStock, deletedAt: string, deletedBy: string): Promise<void>;
}
