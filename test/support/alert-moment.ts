import { setImmediate } from 'node:timers/promises';
import { isOpen } from '../../core/market/exchange-clock';
import { findExchange } from '../../core/market/exchanges';
import type { MarketInstrument } from '../../core/market/types';
import { createSimulatedMarket } from '../../infra/local/market';
import { seededCompanies } from './demo-universe';

const MINUTE_MS = 60_000;
/** Steps through the coming days when every exchange is closed now. */
const STEP_MS = 15 * MINUTE_MS;
const LOOK_AHEAD_MS = 4 * 24 * 60 * MINUTE_MS;
/** Above rounding: the price must really pass a threshold set between the two prices. */
const MIN_RISE = 0.02;

export interface Priceable {
  readonly symbol: string;
  readonly exchangeShortName: string;
  readonly instrument: MarketInstrument;
}

/** When and how an alert set between `before` and `after` fires. */
export interface AlertMoment {
  readonly symbol: string;
  /** The price now, as the quote API answers it. */
  readonly before: number;
  /** The price once it has risen, at `at`. */
  readonly after: number;
  /** The minute the price has passed the threshold. */
  readonly at: number;
  /**
   * An exchange is open now and the rise is at the next minute: the stack's own timer fires it.
   * Otherwise the company's exchange is closed now (every exchange is, at night in UTC or on a
   * weekend; or no company of the open ones rises at the next minute): the alert must wait, and
   * the test runs the evaluator as of `at`, in the next session, through POST /dev/alerts/run.
   */
  readonly live: boolean;
}

/**
 * A company whose simulated price rises past today's (the market is deterministic, so any instant
 * has its price): at the next minute when its exchange is open now, else one whose exchange is
 * closed now, in its next session. Found for any day and minute, so the alert tests never have to
 * skip (with only Europe open, about one minute in four had no riser at the next minute).
 */
export function alertMoment(
  companies: readonly Priceable[],
  now: number,
  market = createSimulatedMarket(),
): AlertMoment | undefined {
  const nextMinute = Math.ceil(now / MINUTE_MS) * MINUTE_MS;
  const rising = (company: Priceable, at: number, live: boolean): AlertMoment | undefined => {
    const before = market.quote(company.instrument, new Date(now));
    const after = market.quote(company.instrument, new Date(at + 500));
    if (!before || !after?.marketOpen || before.marketOpen !== live) return undefined;
    if (after.price - before.price <= MIN_RISE) return undefined;
    return { symbol: company.symbol, before: before.price, after: after.price, at, live };
  };
  const openAt = (company: Priceable, at: number) => {
    const exchange = findExchange(company.exchangeShortName);
    return exchange !== undefined && isOpen(exchange, at);
  };
  for (const company of companies) {
    if (!openAt(company, now) || !openAt(company, nextMinute)) continue;
    const moment = rising(company, nextMinute, true);
    if (moment) return moment;
  }
  // No riser among the open markets' companies at the next minute: a closed market's next session
  // (rising asks that the company's exchange be closed now, so the timer cannot fire it early).
  for (let at = nextMinute + STEP_MS; at < now + LOOK_AHEAD_MS; at += STEP_MS) {
    for (const company of companies) {
      if (!openAt(company, at)) continue;
      const moment = rising(company, at, false);
      if (moment) return moment;
    }
  }
  return undefined;
}

/** How long a session rise's exchange must stay closed from now: the test's own run time. */
const CLOSED_FOR_MS = 10 * MINUTE_MS;

/** Three minutes of one company's session seen on the dev clock: below a price, below, above. */
export interface SessionRise {
  readonly symbol: string;
  /** The higher of the first two minutes' prices. */
  readonly before: number;
  /** The third minute's price. */
  readonly after: number;
  /** An instant inside each of the three minutes, in order (what the dev control runs as of). */
  readonly instants: readonly [number, number, number];
}

/**
 * A company whose exchange is closed now and for the next minutes, whose price in a coming
 * session stays below `after` for two minutes and then passes it: an alert set between `before`
 * and `after` is evaluated as of those minutes through POST /dev/alerts/run, never by the stack's
 * timer (it prices the real now, when that exchange is closed). Found for any day and minute.
 */
export function sessionRise(
  companies: readonly Priceable[],
  now: number,
  market = createSimulatedMarket(),
): SessionRise | undefined {
  const closed = (company: Priceable, at: number) => {
    const exchange = findExchange(company.exchangeShortName);
    return exchange === undefined || !isOpen(exchange, at);
  };
  const first = Math.ceil(now / MINUTE_MS) * MINUTE_MS + STEP_MS;
  for (let at = first; at < now + LOOK_AHEAD_MS; at += STEP_MS) {
    for (const company of companies) {
      if (!closed(company, now) || !closed(company, now + CLOSED_FOR_MS)) continue;
      // The middle of each minute: the quote the evaluator reads as of it.
      const instants = [0, 1, 2].map((i) => at + i * MINUTE_MS + MINUTE_MS / 2) as [
        number,
        number,
        number,
      ];
      const quotes = instants.map((t) => market.quote(company.instrument, new Date(t)));
      if (!quotes.every((q) => q?.marketOpen)) continue;
      const before = Math.max(quotes[0]!.price, quotes[1]!.price);
      const after = quotes[2]!.price;
      if (after - before > MIN_RISE) return { symbol: company.symbol, before, after, instants };
    }
  }
  return undefined;
}

/**
 * POST /dev/alerts/run: one evaluation priced as of `at` (of one user's alerts when `email` names
 * them); its count of fired alerts.
 */
export async function runAlertsAt(url: string, at: number, email?: string): Promise<number> {
  const response = await fetch(`${url}/dev/alerts/run`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ at: new Date(at).toISOString(), ...(email && { email }) }),
  });
  if (response.status !== 200) throw new Error(`/dev/alerts/run answered ${response.status}`);
  return ((await response.json()) as { fired: number }).fired;
}

/**
 * A session rise among the companies the shared stack seeded (sessionRise), or an error saying
 * there is none: the alert tests set their alerts on it.
 *
 * Generating the universe and walking its prices holds the test's thread for seconds on a loaded
 * machine, longer than the server keeps an idle connection open (5 s). The answer comes after one
 * turn of the event loop, so the fetch pool has seen those connections close before the next
 * request: otherwise that request goes out on a closed socket ('other side closed').
 */
export async function seededSessionRise(
  stack: Parameters<typeof seededCompanies>[0],
  now: number,
): Promise<SessionRise> {
  const companies = seededCompanies(stack).map((company) => ({
    symbol: company.profile.symbol,
    exchangeShortName: company.profile.exchangeShortName,
    instrument: company.instrument,
  }));
  const rise = sessionRise(companies, now);
  if (!rise) throw new Error('no rising price in the next four days among the seeded companies');
  await setImmediate();
  return rise;
}
