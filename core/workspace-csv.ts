import { describeCondition, type Alert } from './alerts';
import { csvTable } from './csv-cells';
import type { ExportKind } from './user-files';
import type { Watchlist } from './watchlists';

/*
 * The workspace's CSV exports (Premium, entitlements `exports`), written by core's one CSV writer,
 * which neutralises every cell: a list's name is whatever its owner typed.
 */

/** One row per symbol, lists in the user's order, symbols in the list's order. */
export const watchlistsCsv = (lists: readonly Watchlist[]): string =>
  csvTable(
    ['Watchlist', 'Position', 'Symbol'],
    lists.flatMap((list) => list.symbols.map((symbol, i) => [list.name, i + 1, symbol])),
  );

export const alertsCsv = (alerts: readonly Alert[]): string =>
  csvTable(
    ['Symbol', 'Condition', 'Armed', 'Created', 'Last fired', 'Fired at price'],
    alerts.map((a) => [
      a.symbol,
      describeCondition(a.symbol, a.condition),
      a.armed ? 'yes' : 'no',
      a.createdAt,
      a.firedAt,
      a.firedPrice,
    ]),
  );

/** The export's file name, dated by the day it was made. */
export const exportFileName = (kind: ExportKind, at: number): string =>
  `stockscope-${kind}-${new Date(at).toISOString().slice(0, 10)}.csv`;
