import type { ReactNode } from 'react';
import { changeDirection, formatPrice } from '@core/format';
import type { VerdictCell } from '@core/market/shariah-verdicts';
import type { WatchQuote } from '@core/market/watch-quotes';
import { ChangeText } from '../../../components/ChangeText';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { MarketStatus } from '../../../components/MarketStatus';
import { ShariahVerdictCell } from '../../../components/ShariahVerdictCell';
import { StockCell } from '../../../components/StockCell';
import { Sparkline } from '../../../components/chart/Sparkline';

export interface WatchlistRow {
  readonly symbol: string;
  /** The row's place in the user's order (0 first). */
  readonly position: number;
  readonly data: WatchQuote | undefined;
  /** The next report day (YYYY-MM-DD): null when none is scheduled, undefined while loading. */
  readonly nextEarnings?: string | null;
  /** The verdict under the user's standard, or why there is none; undefined while loading. */
  readonly verdict?: VerdictCell;
}

const SPARK = { width: 96, height: 28 };

/** The sparkline's change from its first close to its last, in percent. */
export const sparkChange = (spark: readonly number[]): number | null => {
  const first = spark[0];
  const last = spark.at(-1);
  return first && last !== undefined && spark.length > 1 ? ((last - first) / first) * 100 : null;
};

/**
 * A watchlist's rows: stock, live price, day change, 30-session sparkline, market state and the
 * next earnings date (the market calendar's), the Shariah verdict under the user's standard, each
 * column sortable (DataTable), plus the row's own actions.
 */
export function WatchlistTable({
  name,
  rows,
  actions,
}: {
  name: string;
  rows: readonly WatchlistRow[];
  actions?: (row: WatchlistRow) => ReactNode;
}) {
  const columns: Column<WatchlistRow>[] = [
    {
      key: 'position',
      header: '#',
      numeric: true,
      cell: (row) => row.position + 1,
      sortValue: (row) => -row.position,
    },
    {
      key: 'stock',
      header: 'Stock',
      rowHeader: true,
      cell: (row) => <StockCell symbol={row.symbol} name={row.data?.name ?? row.symbol} />,
      sortValue: (row) => row.symbol,
    },
    {
      key: 'price',
      header: 'Price',
      numeric: true,
      cell: (row) =>
        row.data?.quote
          ? `${formatPrice(row.data.quote.price)}${row.data.currency ? ` ${row.data.currency}` : ''}`
          : row.data
            ? 'Unknown symbol'
            : '…',
      sortValue: (row) => row.data?.quote?.price,
    },
    {
      key: 'change',
      header: 'Day change',
      numeric: true,
      cell: (row) =>
        row.data?.quote ? (
          <ChangeText change={row.data.quote.change} percent={row.data.quote.changesPercentage} />
        ) : null,
      sortValue: (row) => row.data?.quote?.changesPercentage,
    },
    {
      key: 'spark',
      header: '30 sessions',
      numeric: true,
      cell: (row) => {
        const spark = row.data?.spark ?? [];
        const change = sparkChange(spark);
        if (change === null) return null;
        return (
          <span className="watch-spark">
            <span aria-hidden="true" style={SPARK}>
              <Sparkline
                closes={spark}
                trend={changeDirection(change)}
                label={`${row.symbol}, last 30 sessions`}
                {...SPARK}
              />
            </span>
            <ChangeText percent={change} />
          </span>
        );
      },
      sortValue: (row) => sparkChange(row.data?.spark ?? []),
    },
    {
      key: 'market',
      header: 'Market',
      cell: (row) => (row.data?.quote ? <MarketStatus open={row.data.quote.marketOpen} /> : null),
      sortValue: (row) =>
        row.data?.quote ? (row.data.quote.marketOpen ? 'Open' : 'Closed') : undefined,
    },
    {
      key: 'earnings',
      header: 'Next earnings',
      cell: (row) => (row.nextEarnings === undefined ? '…' : (row.nextEarnings ?? '—')),
      sortValue: (row) => row.nextEarnings ?? undefined,
    },
    {
      key: 'shariah',
      header: 'Shariah',
      cell: (row) => <ShariahVerdictCell cell={row.verdict} />,
      sortValue: (row) => (row.verdict?.kind === 'verdict' ? row.verdict.text : undefined),
    },
    ...(actions
      ? [{ key: 'actions', header: 'Actions', cell: actions } satisfies Column<WatchlistRow>]
      : []),
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.symbol}
      caption={`${name}: stocks`}
      className="watchlist-table"
      scrollLabel={`${name}, table`}
    />
  );
}
