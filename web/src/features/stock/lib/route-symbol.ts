/**
 * The ticker a /stocks/:symbol path names: react-router has already decoded the segment, and
 * tickers are upper case (the API's too). The page and its route's loader read it the same way.
 */
export const routeSymbol = (param: string | undefined): string => (param ?? '').toUpperCase();
