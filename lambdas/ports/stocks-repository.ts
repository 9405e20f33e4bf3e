import type { AverageCloses } from '../../core/market/average-market-cap';
import type {
  AnalystData,
  BalanceSheet,
  CashFlowStatement,
  CompanyProfile,
  IncomeStatement,
  MarketInstrument,
  ShariahInputs,
  StatementKind,
  StatementPeriod,
} from '../../core/market/types';
import type { StockListEntry } from '../../core/stock-list';

/** A company as stored: the static profile plus what the market needs to price it. */
export interface StockRecord {
  readonly isin: string;
  readonly symbol: string;
  readonly profile: CompanyProfile;
  /** Pricing parameters of the simulated market; absent for provider-fed (production) data. */
  readonly instrument?: MarketInstrument;
  /**
   * The 24- and 36-month mean closes (the DJIM and S&P screens' average market caps) as of the
   * last ingest or seed; absent for a company stored without them (one added in the console).
   */
  readonly averageCloses?: AverageCloses;
  /** True when the record comes from the generated demo universe. */
  readonly demo: boolean;
  readonly version: number;
  readonly updatedAt: string;
}

export interface StatementSets {
  readonly income: IncomeStatement;
  readonly balance: BalanceSheet;
  readonly cash: CashFlowStatement;
}

/** A company's statements of one kind, annual and quarterly, newest first. */
export interface StatementCollection<K extends StatementKind = StatementKind> {
  readonly annual: readonly StatementSets[K][];
  readonly quarter: readonly StatementSets[K][];
}

/** A company's stored statements of every kind and its Shariah inputs (what it lacks is absent). */
export interface CompanyFundamentals {
  readonly statements: { readonly [K in StatementKind]?: StatementCollection<K> };
  readonly shariah?: ShariahInputs;
}

/** Everything the seed or the ingest writes for one company. */
export interface CompanyData {
  readonly stock: Omit<StockRecord, 'version' | 'updatedAt'>;
  readonly statements: { readonly [K in StatementKind]: StatementCollection<K> };
  readonly analyst?: AnalystData;
  readonly shariah?: ShariahInputs;
}

/** Port over the stocks table (one partition per company keyed by ISIN). */
export interface StocksRepository {
  findBySymbol(symbol: string): Promise<StockRecord | undefined>;
  findByIsin(isin: string): Promise<StockRecord | undefined>;
  /** Every listed company's list row, sorted by symbol. */
  listStocks(): Promise<StockListEntry[]>;
  /** Every company record (the screener filters over them). */
  listProfiles(): Promise<StockRecord[]>;
  /**
   * A value that changes whenever the console adds, edits, restores, hides or deletes a stock
   * (null before the first change): the asset API drops its copies of the list and profiles
   * when it changes, so a changed name shows at once.
   */
  listRevision(): Promise<string | null>;
  getStatements<K extends StatementKind>(
    isin: string,
    kind: K,
  ): Promise<StatementCollection<K> | undefined>;
  getAnalyst(isin: string): Promise<AnalystData | undefined>;
  getShariah(isin: string): Promise<ShariahInputs | undefined>;
  /**
   * The statements and Shariah inputs of many companies at once (the screener's universe): a few
   * bulk reads instead of four reads per company. A company with none stored is absent.
   */
  getFundamentals(isins: readonly string[]): Promise<Map<string, CompanyFundamentals>>;
  /** Bulk load (the demo seed): writes every item of the companies, batched, not atomic. */
  putCompanies(companies: readonly CompanyData[]): Promise<void>;
  /**
   * Replaces one company atomically: all its items or none, and items it no longer has (analyst
   * or Shariah data) are removed, so a reader never sees a half-written company.
   */
  putCompany(company: CompanyData): Promise<void>;
}

export type { StatementPeriod, StockListEntry };
