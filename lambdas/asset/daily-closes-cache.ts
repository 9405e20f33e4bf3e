import { dayNumberOf } from '../../core/day-numbers';
import type { Close } from '../../core/portfolio/performance';
import type { PriceBar } from '../../core/market/types';
import type { MarketData, PricedInstrument } from '../ports/market-data';

const DAY_MS = 86_400_000;
/**
 * Closes kept in all (about 70 bytes each): some 380 symbols of ten years. A portfolio's summary
 * reads every holding's history each time; without the copy, 200 holdings are 200 reads of years
 * of bars per request, with it the first request of the day reads them and the others none.
 */
const MAX_CLOSES = 1_000_000;

interface Entry {
  /** The first day asked for: a later request from an earlier day reads again. */
  readonly from: string;
  /** The UTC day of the read: the copy serves that day only. */
  readonly day: string;
  readonly closes: Promise<readonly Close[]>;
  size: number;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Daily closes of many symbols, ascending, kept in process: a day's close never changes once the
 * day is over, so the copy holds the bars dated before the UTC day it was read on (every exchange
 * has closed its previous local day by then) and serves that day; today's value comes from the
 * live quote instead. Least recently used symbols go first once MAX_CLOSES are kept. Concurrent
 * requests for a symbol share one read; a failed read is not kept.
 */
export class DailyClosesCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  constructor(
    private readonly market: Pick<MarketData, 'daily'>,
    private readonly maxCloses = MAX_CLOSES,
  ) {}

  closes(priced: PricedInstrument, from: string, now: Date): Promise<readonly Close[]> {
    const day = utcDay(now);
    const key = priced.symbol;
    const kept = this.entries.get(key);
    if (kept && kept.day === day && kept.from <= from) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.closes;
    }
    if (kept) this.drop(key, kept);
    const closes = this.market
      .daily(priced, new Date(dayNumberOf(from) * DAY_MS), now)
      .then((bars) => pastCloses(bars, day));
    const entry: Entry = { from, day, closes, size: 0 };
    this.entries.set(key, entry);
    closes.then(
      (list) => {
        if (this.entries.get(key) !== entry) return;
        entry.size = list.length;
        this.total += list.length;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return closes;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.total -= entry.size;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.maxCloses || this.entries.size <= 1) break;
      this.drop(key, entry);
    }
  }
}

/** Bars (newest first) as ascending closes of the days before `day`. */
function pastCloses(bars: readonly PriceBar[], day: string): Close[] {
  const closes: Close[] = [];
  for (let i = bars.length - 1; i >= 0; i -= 1) {
    const bar = bars[i]!;
    const date = bar.date.slice(0, 10);
    if (date < day) closes.push({ date, close: bar.close });
  }
  return closes;
}
