import type { APIGatewayProxyEvent } from 'aws-lambda';
import type * as z from 'zod';
import { STATEMENT_DEFAULT_LIMIT } from '../../core/constants';
import { searchQuery } from '../../core/market/screener';
import type { Mover, Movers, Quote, StatementKind } from '../../core/market/types';
import type { StockRecord } from '../ports/stocks-repository';
import { cachedJson, type CachePolicy } from '../shared/cache';
import { createApiHandler, type ApiHandler, type RouteHandler } from '../shared/dispatch';
import { parseOr400 } from '../shared/http';
import { ASSET_ROUTES } from './routes';
import {
  dailyQuery,
  intradayQuery,
  listQuery,
  moversQuery,
  noQuery,
  sharesQuery,
  statementQuery,
  symbolParams,
} from './schemas';
import { screen } from './screener';
import type { AssetService } from './service';

export interface AssetApiDeps {
  readonly service: AssetService;
  readonly clock?: () => Date;
  /** Marks every response as demo data (the local stack's generated universe). */
  readonly demo: boolean;
}

/** Cache lifetimes by kind of data (SPEC §7/§9: the stock list is fresh for 5 minutes). */
const CACHE = {
  list: { maxAgeSeconds: 300, staleWhileRevalidateSeconds: 300 },
  live: { maxAgeSeconds: 5, staleWhileRevalidateSeconds: 10 },
  daily: { maxAgeSeconds: 300, staleWhileRevalidateSeconds: 600 },
  fundamentals: { maxAgeSeconds: 3_600, staleWhileRevalidateSeconds: 3_600 },
  priced: { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 60 },
} as const satisfies Record<string, CachePolicy>;

const STATEMENT_ROUTES: Record<string, StatementKind> = {
  'income-statement': 'income',
  'balance-sheet-statement': 'balance',
  'cash-flow-statement': 'cash',
};

const query = (event: APIGatewayProxyEvent) => event.queryStringParameters ?? {};
const params = (event: APIGatewayProxyEvent) => event.pathParameters ?? {};
const startOfDayUtc = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
const yearsAgo = (now: Date, years: number) =>
  new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));

export function createAssetApi({
  service,
  clock = () => new Date(),
  demo,
}: AssetApiDeps): ApiHandler {
  const envelope = (data: unknown, extra: Record<string, unknown> = {}) => ({
    data,
    ...extra,
    ...(demo ? { demo: true } : {}),
  });
  const respond =
    <T>(
      schema: z.ZodType<T>,
      policy: CachePolicy,
      run: (input: T, now: Date, event: APIGatewayProxyEvent) => Promise<unknown>,
    ): RouteHandler =>
    async (event) => {
      const input = parseOr400(schema, { ...query(event), ...params(event) });
      const now = clock();
      return cachedJson(event, envelope(await run(input, now, event)), policy);
    };

  const symbolAndQuery = <Q extends z.ZodObject>(schema: Q) =>
    symbolParams.extend(schema.shape).strict() as unknown as z.ZodType<
      z.infer<typeof symbolParams> & z.infer<Q>
    >;

  const statementHandler = (kind: StatementKind): RouteHandler =>
    respond(symbolAndQuery(statementQuery), CACHE.fundamentals, async (input) => {
      const { items } = await service.statements(
        input.symbol,
        kind,
        input.period,
        input.limit ?? STATEMENT_DEFAULT_LIMIT,
      );
      return items;
    });

  return createApiHandler(ASSET_ROUTES, {
    'GET /stocks/list': async (event) => {
      parseOr400(listQuery, query(event));
      const list = await service.stockList(clock());
      // The same list object for its 60 s in-process life: serialise and hash it once.
      return cachedJson(event, envelope([list]), CACHE.list, list);
    },

    'GET /stocks/search': respond(searchQuery, CACHE.priced, async (input, now) =>
      screen(await service.universeQuotes(now), input),
    ),

    'GET /stocks/indexes': respond(noQuery, CACHE.live, async (_input, now) =>
      service.indexes(now),
    ),

    'GET /stocks/movers': respond(moversQuery, CACHE.live, async (input, now) => {
      const quotes = await service.universeQuotes(now);
      const limit = input.limit ?? 10;
      const row = ({ record, quote }: { record: StockRecord; quote: Quote }): Mover => ({
        symbol: record.symbol,
        name: record.profile.companyName,
        exchangeShortName: record.profile.exchangeShortName,
        currency: record.profile.currency,
        price: quote.price,
        change: quote.change,
        changesPercentage: quote.changesPercentage,
        volume: quote.volume,
      });
      const byChange = [...quotes].sort(
        (a, b) => b.quote.changesPercentage - a.quote.changesPercentage,
      );
      const movers: Movers = {
        gainers: byChange.slice(0, limit).map(row),
        losers: byChange.slice(-limit).reverse().map(row),
        mostActive: [...quotes]
          .sort((a, b) => b.quote.volume * b.quote.price - a.quote.volume * a.quote.price)
          .slice(0, limit)
          .map(row),
      };
      return [movers];
    }),

    'GET /stocks/profile/{symbol}': respond(symbolParams, CACHE.live, async (input, now) => [
      (await service.profile(input.symbol, now)).profile,
    ]),

    'GET /stocks/quote/{symbol}': respond(symbolParams, CACHE.live, async (input, now) => [
      await service.quote(input.symbol, now),
    ]),

    'GET /stocks/shares': respond(sharesQuery, CACHE.fundamentals, async (input, now) => {
      const record = await service.stock(input.symbol);
      return [
        {
          symbol: record.symbol,
          date: now.toISOString().slice(0, 10),
          freeFloat:
            Math.round((record.profile.floatShares / record.profile.sharesOutstanding) * 10_000) /
            100,
          floatShares: record.profile.floatShares,
          outstandingShares: record.profile.sharesOutstanding,
          source: demo ? 'StockScope demo universe' : 'provider',
        },
      ];
    }),

    'GET /stocks/ratios-ttm/{symbol}/ratios': respond(
      symbolParams,
      CACHE.priced,
      async (input, now) => [await service.ratiosTtm(input.symbol, now)],
    ),

    'GET /stocks/key-metrics-ttm/{symbol}/metrics': respond(
      symbolParams,
      CACHE.priced,
      async (input, now) => [await service.keyMetricsTtm(input.symbol, now)],
    ),

    ...Object.fromEntries(
      Object.entries(STATEMENT_ROUTES).map(([path, kind]) => [
        `GET /stocks/statement/{symbol}/${path}`,
        statementHandler(kind),
      ]),
    ),

    'GET /stocks/chart/{symbol}': respond(symbolAndQuery(intradayQuery), CACHE.live, (input, now) =>
      service.intraday(
        input.symbol,
        input.day,
        input.from ? startOfDayUtc(input.from) : startOfDayUtc(now.toISOString().slice(0, 10)),
        now,
      ),
    ),

    'GET /stocks/chart/{symbol}/months-years': respond(
      symbolAndQuery(dailyQuery),
      CACHE.daily,
      (input, now) =>
        service.daily(
          input.symbol,
          input.from ? startOfDayUtc(input.from) : yearsAgo(now, 40),
          now,
        ),
    ),

    'GET /stocks/analyst/{symbol}': respond(symbolParams, CACHE.fundamentals, async (input) => {
      const analyst = await service.analyst(input.symbol);
      return analyst ? [analyst] : [];
    }),

    'GET /stocks/shariah/{symbol}': respond(symbolParams, CACHE.priced, async (input, now) => [
      await service.shariah(input.symbol, now),
    ]),
  });
}
