import type { CurationStores } from '../ports/curation-stores';
import type { VerdictChecks } from '../ports/verdict-watch';
import { logger } from '../shared/observability/logger';

/**
 * The curation stores marking, for the verdict-change evaluator, the stocks whose Shariah verdict
 * a write may change: their Shariah inputs, statement sheets, profile facts (sector and industry
 * screen the business; a hidden or deleted stock loses its verdict). A mark is put before the
 * write, so a stored change is never left unmarked, and again after it, because an evaluator run
 * between the two may have taken the first mark before the change was stored (a failure then is
 * only logged: the change is stored and the first mark may still stand).
 */
export function verdictMarking(stores: CurationStores, checks: VerdictChecks): CurationStores {
  const around = async <R>(symbols: () => Promise<string[]>, write: () => Promise<R>) => {
    const marked = await symbols();
    if (marked.length > 0) await checks.mark(marked);
    const result = await write();
    if (marked.length > 0) {
      await checks.mark(marked).catch((error: unknown) => {
        logger.warn('marking a stock for the verdict alerts failed', {
          symbols: marked,
          error: String(error),
        });
      });
    }
    return result;
  };
  const symbolOf = async (isin: string) => {
    const stock = await stores.curatedStocks.get(isin);
    return stock ? [stock.symbol] : [];
  };

  const shariah = Object.create(stores.shariah) as CurationStores['shariah'];
  shariah.write = (change) =>
    around(
      () => symbolOf(change.isin),
      () => stores.shariah.write(change),
    );
  const sheets = Object.create(stores.sheets) as CurationStores['sheets'];
  sheets.write = (isin, writes) =>
    around(
      () => symbolOf(isin),
      () => stores.sheets.write(isin, writes),
    );
  const curatedStocks = Object.create(stores.curatedStocks) as CurationStores['curatedStocks'];
  curatedStocks.create = (stock) =>
    around(
      async () => [stock.stock.symbol],
      () => stores.curatedStocks.create(stock),
    );
  curatedStocks.update = (change) =>
    around(
      async () => [...new Set([change.before.symbol, change.after.symbol])],
      () => stores.curatedStocks.update(change),
    );
  curatedStocks.remove = (stock, deletedAt, deletedBy) =>
    around(
      async () => [stock.symbol],
      () => stores.curatedStocks.remove(stock, deletedAt, deletedBy),
    );
  return { ...stores, shariah, sheets, curatedStocks };
}
