import { ASSET_API, type Envelope } from '../../core/api/asset';
import { sharesFloat } from '../../core/market/float';
import type { StatementKind, StatementPeriod } from '../../core/market/types';
import { createContractHandler } from '../shared/contract-handler';
import type { ApiHandler } from '../shared/dispatch';
import { runScreen } from '../../core/market/stock-screen';
import { screen } from './screener';
import type { AssetService } from './service';

export interface AssetApiDeps {
  readonly service: AssetService;
  readonly clock?: () => Date;
  /** Marks every response as demo data (the local stack's generated universe). */
  readonly demo: boolean;
}

interface StatementInput {
  readonly params: { readonly symbol: string };
  readonly query: { readonly period: StatementPeriod; readonly limit?: number };
}

/** The asset API (core/api/asset.ts): each endpoint glued to the service, in the §7 envelope. */
export function createAssetApi({
  service,
  clock = () => new Date(),
  demo,
}: AssetApiDeps): ApiHandler {
  const envelope = <T>(data: readonly T[]): Envelope<T> => ({ data, ...(demo && { demo: true }) });
  const one = async <T>(item: Promise<T>) => envelope([await item]);
  const many = async <T>(items: Promise<readonly T[]>) => envelope(await items);
  const source = demo ? 'StockScope demo universe' : 'provider';
  const lists = new WeakMap<object, Envelope<unknown>>(); // one envelope (and ETag) per list copy
  const statements =
    <K extends StatementKind>(kind: K) =>
    ({ params, query }: StatementInput) =>
      many(service.statements(params.symbol, kind, query.period, query.limit).then((s) => s.items));
  return createContractHandler(ASSET_API, {
    list: async () => {
      const list = await service.stockList(clock());
      if (!lists.has(list)) lists.set(list, envelope([list]));
      return lists.get(list) as Envelope<typeof list>;
    },
    search: ({ query }) => many(service.universeQuotes(clock()).then((q) => screen(q, query))),
    screener: async ({ query }) => {
      const now = clock();
      const [universe, rates] = await Promise.all([
        service.screenerUniverse(now),
        service.fxRates(now),
      ]);
      const { rows, total } = runScreen(universe, query, rates);
      return {
        ...envelope(rows),
        total,
        offset: query.offset,
        limit: query.limit,
        currency: query.currency,
        rates,
      };
    },
    indexes: () => many(service.indexes(clock())),
    movers: ({ query }) => one(service.movers(query.limit, clock())),
    profile: ({ params }) => one(service.profile(params.symbol, clock()).then((p) => p.profile)),
    quote: ({ params }) => one(service.quote(params.symbol, clock())),
    quotes: ({ query }) => many(service.watchQuotes(query.symbols, clock())),
    shares: ({ query }) =>
      one(
        service
          .stock(query.symbol)
          .then((r) => sharesFloat(r, clock().toISOString().slice(0, 10), source)),
      ),
    ratiosTtm: ({ params }) => one(service.ratiosTtm(params.symbol, clock())),
    keyMetricsTtm: ({ params }) => one(service.keyMetricsTtm(params.symbol, clock())),
    incomeStatements: statements('income'),
    balanceSheets: statements('balance'),
    cashFlowStatements: statements('cash'),
    intraday: ({ params, query }) =>
      many(service.intraday(params.symbol, query.day, query.from, clock())),
    daily: ({ params, query }) => many(service.daily(params.symbol, query.from, clock())),
    analyst: ({ params }) => many(service.analyst(params.symbol).then((a) => (a ? [a] : []))),
    shariah: ({ params }) => one(service.shariah(params.symbol, clock())),
    shariahVerdicts: ({ query }) => many(service.shariahVerdicts(query.symbols, clock())),
    calendar: ({ query }) => many(service.calendar(query, clock())),
  });
}
