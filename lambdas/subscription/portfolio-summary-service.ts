import type { PortfolioSummaryQuery } from '../../core/api/portfolios';
import { portfolioSummary } from '../../core/portfolio/summary';
import { marketRequestOf, type ZakatOptions } from '../../core/portfolio/summary-inputs';
import type { ZakatMethod } from '../../core/portfolio/zakat';
import type { PortfolioSummaryAnswer } from '../../core/portfolios';
import { preferredShariahStandard } from '../../core/shariah-preference';
import type { PortfolioMarket, PortfolioMarketInputs } from '../ports/portfolio-market-inputs';
import type { UsersRepository } from '../ports/users-repository';
import type { PortfolioService } from './portfolio-service';

export interface PortfolioSummaryDeps {
  readonly users: Pick<UsersRepository, 'get'>;
  /** The caller's own portfolio and transactions (404 for another user's). */
  readonly portfolios: Pick<PortfolioService, 'transactions'>;
  /** One per process: it keeps the symbols' past closes for the day between requests. */
  readonly market: PortfolioMarketInputs;
  readonly now?: () => number;
}

const NOTHING_HELD: PortfolioMarket = { symbols: new Map(), rates: undefined };

/** The zakat choices of the query; none without a price per gram (the nisab needs it). */
function zakatOptions(query: PortfolioSummaryQuery, today: string): ZakatOptions | undefined {
  if (query.pricePerGram === undefined) return undefined;
  const methods: Record<string, ZakatMethod> = {};
  for (const symbol of query.trading ?? []) methods[symbol] = 'trading';
  return {
    settings: {
      date: query.zakatDate ?? today,
      year: query.zakatYear,
      nisabMetal: query.nisabMetal,
      pricePerGram: query.pricePerGram,
      otherWealth: query.otherWealth ?? 0,
    },
    methods,
  };
}

/**
 * A portfolio's summary (core/portfolio/summary.ts): the owner's transactions, their Shariah
 * standard, and the market inputs of its symbols, computed on each request (nothing stored).
 * Today is the UTC day of the clock.
 */
export class PortfolioSummaryService {
  private readonly now: () => number;

  constructor(private readonly deps: PortfolioSummaryDeps) {
    this.now = deps.now ?? Date.now;
  }

  async summary(
    sub: string,
    id: string,
    query: PortfolioSummaryQuery,
  ): Promise<PortfolioSummaryAnswer> {
    const [{ portfolio, transactions }, record] = await Promise.all([
      this.deps.portfolios.transactions(sub, id),
      this.deps.users.get(sub),
    ]);
    const now = new Date(this.now());
    const today = now.toISOString().slice(0, 10);
    const entered = { currency: portfolio.currency, benchmark: portfolio.benchmark, transactions };
    const request = marketRequestOf(entered);
    const market = request ? await this.deps.market.read(request, now) : NOTHING_HELD;
    const zakat = zakatOptions(query, today);
    const summary = portfolioSummary({
      portfolio: entered,
      today,
      standard: preferredShariahStandard(record),
      market: market.symbols,
      rates: market.rates,
      ...(market.benchmarkCloses ? { benchmarkCloses: market.benchmarkCloses } : {}),
      ...(zakat ? { zakat } : {}),
    });
    return { portfolio, summary };
  }
}
