import type { RouteDefinition } from '../shared/routes';

const get = (resource: string) => ({ method: 'GET', resource, auth: 'none' }) as const;

/**
 * The public asset REST API: every path of SPEC §7 (FMP v3 shapes, `{data: [...]}` envelope) plus
 * the stock list, quotes, indexes, movers, analyst and Shariah reads the public site needs.
 */
export const ASSET_ROUTES = [
  get('/stocks/list'),
  get('/stocks/search'),
  get('/stocks/indexes'),
  get('/stocks/movers'),
  get('/stocks/profile/{symbol}'),
  get('/stocks/quote/{symbol}'),
  get('/stocks/shares'),
  get('/stocks/ratios-ttm/{symbol}/ratios'),
  get('/stocks/key-metrics-ttm/{symbol}/metrics'),
  get('/stocks/statement/{symbol}/income-statement'),
  get('/stocks/statement/{symbol}/balance-sheet-statement'),
  get('/stocks/statement/{symbol}/cash-flow-statement'),
  get('/stocks/chart/{symbol}'),
  get('/stocks/chart/{symbol}/months-years'),
  get('/stocks/analyst/{symbol}'),
  get('/stocks/shariah/{symbol}'),
] as const satisfies readonly RouteDefinition[];
