import type { Quote } from '../../core/market/types';
import type { AssetService } from '../asset/service';

/** Quotes of many symbols at once, by symbol (the evaluator's one batch per run). */
export type QuoteBatch = (
  symbols: readonly string[],
  now: Date,
) => Promise<ReadonlyMap<string, Quote>>;

/**
 * The batch over the asset service's universe (cached, so a run does not read every profile):
 * one batched market-data request, as the watchlist rows read quotes. A symbol it does not know
 * is left out (its alerts wait).
 */
export const universeQuoteBatch =
  (service: Pick<AssetService, 'quotes'>): QuoteBatch =>
  (symbols, now) =>
    service.quotes(symbols, now);
