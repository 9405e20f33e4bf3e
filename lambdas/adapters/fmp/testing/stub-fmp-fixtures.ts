import {
  BALANCE_AMOUNT_FIELDS,
  CASH_AMOUNT_FIELDS,
  INCOME_AMOUNT_FIELDS,
} from '../../../../core/market/statement-fields';
import type { StubRoute } from './stub-fmp-server';

/** Test helper: FMP-shaped answers (with fields we ignore, as FMP sends them). */

export const fmpProfile = (symbol: string, overrides: Record<string, unknown> = {}) => ({
  symbol,
  price: 190.5,
  beta: 1.29,
  volAvg: 58_000_000,
  mktCap: 2_950_000_000_000,
  lastDiv: 0.96,
  range: '164.08-199.62',
  changes: 1.2,
  companyName: `${symbol} Inc.`,
  currency: 'USD',
  cik: '0000320193',
  isin: 'US0378331005',
  cusip: '037833100',
  exchange: 'NASDAQ Global Select',
  exchangeShortName: 'NASDAQ',
  industry: 'Consumer Electronics',
  website: 'https://www.example.com',
  description: 'Designs phones.',
  ceo: 'Mr. Timothy D. Cook',
  sector: 'Technology',
  country: 'US',
  fullTimeEmployees: '161000',
  phone: '408 996 1010',
  address: 'One Apple Park Way',
  city: 'Cupertino',
  state: 'CA',
  zip: '95014',
  dcfDiff: 55.1,
  dcf: 135.4,
  image: 'https://example.com/logo.png',
  ipoDate: '1980-12-12',
  defaultImage: false,
  isEtf: false,
  isActivelyTrading: true,
  isAdr: false,
  isFund: false,
  ...overrides,
});

const periodEnd = (period: string, index: number) =>
  period === 'annual' ? `${2024 - index}-09-28` : `2024-${['09', '06', '03'][index % 3]}-28`;

function statement(fields: readonly string[], symbol: string, period: string, index: number) {
  const date = periodEnd(period, index);
  return {
    date,
    symbol,
    reportedCurrency: 'USD',
    cik: '0000320193',
    fillingDate: date,
    acceptedDate: `${date} 18:01:14`,
    calendarYear: date.slice(0, 4),
    period: period === 'annual' ? 'FY' : (['Q4', 'Q3', 'Q2'][index % 3] as string),
    ...Object.fromEntries(fields.map((field, i) => [field, (i + 1) * 1_000_000])),
    link: 'https://www.sec.gov/…',
    finalLink: 'https://www.sec.gov/…',
  };
}

const statements =
  (fields: readonly string[], symbol: string): StubRoute =>
  (url) => {
    const period = url.searchParams.get('period') ?? 'annual';
    const limit = Number(url.searchParams.get('limit') ?? 2);
    return {
      body: Array.from({ length: Math.min(limit, 2) }, (_, i) =>
        statement(fields, symbol, period, i),
      ),
    };
  };

/** One row of /v4/price-target?symbol= as FMP answers it. */
const firmTarget = (
  symbol: string,
  firm: string,
  publishedDate: string,
  priceTarget: number,
  priceWhenPosted: number,
) => ({
  symbol,
  publishedDate,
  newsURL: `https://example.com/${firm}`,
  newsTitle: `${firm} sets a target`,
  analystName: 'An Analyst',
  priceTarget,
  adjPriceTarget: priceTarget,
  priceWhenPosted,
  newsPublisher: 'Example',
  newsBaseURL: 'example.com',
  analystCompany: firm,
});

/**
 * /v3/historical-price-full for the asked range: a bar each weekday, closing at 200 in the 24
 * months before `to` and at 80 before that, so the 24- and 36-month averages differ.
 */
const dailyCloses: StubRoute = (url) => {
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  const recentFrom = `${Number(to.slice(0, 4)) - 2}${to.slice(4)}`;
  const historical = [];
  for (
    let t = Date.parse(`${to}T00:00:00Z`);
    t >= Date.parse(`${from}T00:00:00Z`);
    t -= 86_400_000
  ) {
    const day = new Date(t);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const date = day.toISOString().slice(0, 10);
    const close = date >= recentFrom ? 200 : 80;
    historical.push({ date, open: close, high: close, low: close, close, volume: 1_000 });
  }
  return {
    body: historical.length > 0 ? { symbol: url.pathname.split('/').pop(), historical } : {},
  };
};

/** Every route the fundamentals adapter calls for one company, answering successfully. */
function companyRoutes(symbol: string, isin: string): Record<string, StubRoute> {
  return {
    [`/v3/profile/${symbol}`]: () => ({ body: [fmpProfile(symbol, { isin })] }),
    [`/v3/historical-price-full/${symbol}`]: dailyCloses,
    '/v4/shares_float': () => ({
      body: [
        {
          symbol,
          date: '2024-11-01 09:00:00',
          freeFloat: 99.9,
          floatShares: 15_100_000_000,
          outstandingShares: 15_200_000_000,
          source: 'https://www.sec.gov/…',
        },
      ],
    }),
    [`/v3/income-statement/${symbol}`]: statements(INCOME_AMOUNT_FIELDS, symbol),
    [`/v3/balance-sheet-statement/${symbol}`]: statements(BALANCE_AMOUNT_FIELDS, symbol),
    [`/v3/cash-flow-statement/${symbol}`]: statements(CASH_AMOUNT_FIELDS, symbol),
    [`/v3/analyst-stock-recommendations/${symbol}`]: () => ({
      body: [
        {
          symbol,
          date: '2024-10-01',
          analystRatingsbuy: 20,
          analystRatingsHold: 10,
          analystRatingsSell: 1,
          analystRatingsStrongSell: 0,
          analystRatingsStrongBuy: 9,
        },
        {
          symbol,
          date: '2024-11-01',
          analystRatingsbuy: 21,
          analystRatingsHold: 9,
          analystRatingsSell: 1,
          analystRatingsStrongSell: 0,
          analystRatingsStrongBuy: 10,
        },
      ],
    }),
    '/v4/price-target-consensus': () => ({
      body: [
        {
          symbol,
          targetHigh: 300,
          targetLow: 180,
          targetConsensus: 240.5,
          targetMedian: 245,
        },
      ],
    }),
    '/v4/upgrades-downgrades': () => ({
      body: [
        {
          symbol,
          publishedDate: '2024-10-02T10:15:00.000Z',
          newsURL: 'https://example.com/a',
          newsTitle: 'Broker starts coverage',
          newsBaseURL: 'example.com',
          newsPublisher: 'Example',
          newGrade: 'Buy',
          previousGrade: null,
          gradingCompany: 'Broker A',
          action: 'init',
          priceWhenPosted: 226.7,
        },
        {
          symbol,
          publishedDate: '2024-11-05T08:00:00.000Z',
          newsURL: 'https://example.com/b',
          newsTitle: 'Broker B upgrades',
          newsBaseURL: 'example.com',
          newsPublisher: 'Example',
          newGrade: 'Overweight',
          previousGrade: 'Neutral',
          gradingCompany: 'Broker B',
          action: 'upgrade',
          priceWhenPosted: 222.1,
        },
      ],
    }),
    // Price-target news: Broker B's target on its upgrade's day (two that day, the later counts);
    // Broker A's only on another day than its grade; a firm with no grade.
    '/v4/price-target': () => ({
      body: [
        firmTarget(symbol, 'Broker B', '2024-11-05T08:00:00.000Z', 260, 222.1),
        firmTarget(symbol, 'Broker B', '2024-11-05T07:10:00.000Z', 250, 222.1),
        firmTarget(symbol, 'Broker C', '2024-10-20T09:00:00.000Z', 210, 230),
        firmTarget(symbol, 'Broker A', '2024-10-03T09:30:00.000Z', 275, 225.4),
      ],
    }),
  };
}

export interface StubCompany {
  readonly symbol: string;
  readonly isin: string;
}

/**
 * The routes of several companies; the /v4 endpoints take the symbol as a query parameter, so
 * those dispatch on it (an unknown symbol gets `[]`, as from FMP).
 */
export function companiesRoutes(companies: readonly StubCompany[]): Record<string, StubRoute> {
  const bySymbol = new Map(companies.map((c) => [c.symbol, companyRoutes(c.symbol, c.isin)]));
  const routes: Record<string, StubRoute> = {};
  for (const own of bySymbol.values()) {
    for (const [path, route] of Object.entries(own)) {
      routes[path] = path.startsWith('/v4/')
        ? (url, attempt) => {
            const match = bySymbol.get(url.searchParams.get('symbol') ?? '')?.[path];
            return match ? match(url, attempt) : { body: [] };
          }
        : route;
    }
  }
  return routes;
}
