import type { IngestRefusal } from '../ports/ingest-runs';
import type { CompanyData, StocksRepository } from '../ports/stocks-repository';
import { planRefusalOf, PlanRefusals } from './refusals';

/**
 * A part of a company's data the provider's plan refused while the rest could be had (e.g. analyst
 * grades on a plan without them): the company is stored without it, and the run record says so.
 */
export interface PlanRefusal {
  /** The provider's endpoint, e.g. '/stable/grades'. */
  readonly endpoint: string;
  /** The provider's own words. */
  readonly message: string;
}

/** One company's data, with what the plan refused of the optional parts. */
export type SourcedCompany = CompanyData & { readonly refused?: readonly PlanRefusal[] };

/** Where company data comes from: FMP in AWS (lambdas/adapters/fmp/fundamentals.ts). */
export interface CompanyDataSource {
  /**
   * Everything to store for one company; throws when any required part cannot be had (a
   * ProviderError whose kind is 'plan' when the plan refused it).
   */
  company(symbol: string): Promise<SourcedCompany>;
}

export interface IngestDependencies {
  readonly source: CompanyDataSource;
  readonly stocks: StocksRepository;
}

export interface IngestOptions {
  /** Companies fetched at once (each makes thirteen provider calls). Default 4. */
  readonly concurrency?: number;
  /** Asked before each company; true stops the run (e.g. the Lambda is running out of time). */
  readonly shouldStop?: () => boolean;
}

export interface IngestCompaniesOptions extends IngestOptions {
  /**
   * The exchange of symbols known before the run (those already in the table): a company whose
   * profile the plan refused is counted under it.
   */
  readonly exchanges?: ReadonlyMap<string, string>;
}

export interface IngestFailure {
  readonly symbol: string;
  readonly reason: string;
}

export interface IngestSummary {
  /** Symbols written, in the order they finished. */
  readonly ingested: string[];
  readonly failed: IngestFailure[];
  /**
   * What the provider's plan refused, by endpoint and the company's exchange: the optional parts
   * a written company was stored without, and the required parts that failed a company (those are
   * in `failed` too).
   */
  readonly refusals: IngestRefusal[];
}

export const DEFAULT_INGEST_CONCURRENCY = 4;

/**
 * Fetches and writes each company, all or nothing per company: its data is fetched and checked
 * in full before anything is written, and one write call carries all of it. A company that fails
 * is reported and the run goes on with the others.
 */
export async function ingestCompanies(
  symbols: readonly string[],
  { source, stocks }: IngestDependencies,
  {
    concurrency = DEFAULT_INGEST_CONCURRENCY,
    shouldStop = () => false,
    exchanges = new Map(),
  }: IngestCompaniesOptions = {},
): Promise<IngestSummary> {
  const ingested: string[] = [];
  const failed: IngestFailure[] = [];
  const refusals = new PlanRefusals();
  let next = 0;

  const ingestOne = async (symbol: string) => {
    let company: CompanyData;
    try {
      // What the plan refused is the run record's, not the stocks table's.
      const { refused = [], ...data } = await source.company(symbol);
      company = data;
      const problem = checkCompany(symbol, company);
      if (problem) throw new Error(problem);
      const exchange = company.stock.profile.exchangeShortName || null;
      for (const refusal of refused) refusals.add(refusal, exchange, symbol);
    } catch (error) {
      // A required part the plan refused fails the company, and is a refusal all the same: the
      // dashboard shows the plan's gaps in one place.
      const refusal = planRefusalOf(error);
      if (refusal) refusals.add(refusal, exchanges.get(symbol) ?? null, symbol);
      failed.push({ symbol, reason: reasonOf(error) });
      return;
    }
    try {
      await stocks.putCompany({ ...company, stock: { ...company.stock, demo: false } });
      ingested.push(symbol);
    } catch (error) {
      failed.push({ symbol, reason: `write failed: ${reasonOf(error)}` });
    }
  };

  const worker = async () => {
    while (next < symbols.length) {
      const symbol = symbols[next++] as string;
      if (shouldStop()) {
        failed.push({ symbol, reason: 'not started: the run stopped early (time limit)' });
        continue;
      }
      await ingestOne(symbol);
    }
  };
  const workers = Math.max(1, Math.min(concurrency, symbols.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return { ingested, failed, refusals: refusals.list() };
}

/** What makes a company unfit to store, beyond the adapter's schema checks. */
export function checkCompany(symbol: string, company: CompanyData): string | undefined {
  const { stock, statements } = company;
  if (stock.symbol.toUpperCase() !== symbol.toUpperCase()) {
    return `data is for ${stock.symbol}, not ${symbol}`;
  }
  if (!stock.isin) return 'no ISIN';
  for (const kind of ['income', 'balance', 'cash'] as const) {
    const { annual, quarter } = statements[kind];
    if (annual.length === 0 && quarter.length === 0) return `no ${kind} statements`;
  }
  return undefined;
}

/** An error's message, for a failure's reason. */
export const reasonOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
