import { quoteDayChange } from './market/day-change';
import type { ShariahStandard } from './market/shariah';
import type { Quote } from './market/types';
import type { Tier } from './subscription';
import type { VerdictState } from './verdict-alerts';

/**
 * Price alerts: what an alert watches, when it fires, and the notice it leaves. The
 * rule is here once: the evaluator (lambdas/alerts) decides with `firesOn`, the SPA words an alert
 * with `describeCondition`. Input schemas are in core/api/alerts.ts (zod stays out of the SPA's
 * first bundle, see core/api/contract.ts).
 */

export const ALERT_KINDS = ['above', 'below', 'dayMove', 'yearHigh', 'yearLow'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export type AlertCondition =
  /** The price is at or above `price`. */
  | { readonly kind: 'above'; readonly price: number }
  /** The price is at or below `price`. */
  | { readonly kind: 'below'; readonly price: number }
  /** The day's change from the previous close is at least `percent` in that direction. */
  | { readonly kind: 'dayMove'; readonly percent: number; readonly direction: 'up' | 'down' }
  /** The price is at a new 52-week high (at or above the year's high). */
  | { readonly kind: 'yearHigh' }
  /** The price is at a new 52-week low. */
  | { readonly kind: 'yearLow' };

export interface Alert {
  readonly id: string;
  readonly symbol: string;
  readonly condition: AlertCondition;
  /** Armed alerts are checked; a fired one stays disarmed until its owner re-arms it. */
  readonly armed: boolean;
  /** Per alert, so two tabs editing different alerts never collide (a stale edit is a 409). */
  readonly version: number;
  /** ISO instants. */
  readonly createdAt: string;
  readonly updatedAt: string;
  /** When it last fired, and at what price. */
  readonly firedAt?: string;
  readonly firedPrice?: number;
}

export interface AlertsAnswer {
  readonly alerts: readonly Alert[];
  readonly limits: { readonly tier: Tier; readonly alerts: number };
}

interface NotificationBase {
  readonly id: string;
  readonly symbol: string;
  /** ISO instant of what it tells (the fire, the change). */
  readonly at: string;
  readonly title: string;
  readonly body: string;
  readonly read: boolean;
}

/** An in-app notice of a fired price alert (also sent by e-mail). */
export interface PriceAlertNotification extends NotificationBase {
  /** Absent on notices stored before verdict alerts came: every one of those is a price alert's. */
  readonly kind?: 'price';
  readonly alertId: string;
  readonly condition: AlertCondition;
  readonly price: number;
}

/** An in-app notice of a held or watched symbol's Shariah verdict change (core/verdict-alerts.ts). */
export interface VerdictNotification extends NotificationBase {
  readonly kind: 'verdict';
  readonly standard: ShariahStandard;
  readonly from: VerdictState;
  readonly to: VerdictState;
}

/** What the notifications list holds (one list, newest first, whatever told it). */
export type AlertNotification = PriceAlertNotification | VerdictNotification;

export interface NotificationsAnswer {
  readonly notifications: readonly AlertNotification[];
  readonly unread: number;
}

/** Notifications kept per user (older ones expire); the list shows the newest this many. */
export const NOTIFICATIONS_LISTED = 50;
export const NOTIFICATION_TTL_DAYS = 30;

export const ALERT_ID = /^al_[A-Za-z0-9]{8,40}$/;
/** `nt_`, the firing instant (epoch ms, 15 digits, so ids sort by time), then random hex. */
export const NOTIFICATION_ID = /^nt_\d{15}[a-f0-9]{8,40}$/;
export const notificationIdOf = (at: number, random: string): string =>
  `nt_${String(at).padStart(15, '0')}${random}`;

/** Bounds of the inputs (a 400 names the field beyond them). */
export const ALERT_PRICE_MAX = 1e9;
export const ALERT_PERCENT_MAX = 1000;

/**
 * Whether an armed alert fires on a quote. A closed market never fires one: its quote is the last
 * session's, so the alert waits for the next session (the quote's `marketOpen`, from
 * core/market/exchange-clock.ts's `isOpen`, is that rule).
 */
export function firesOn(condition: AlertCondition, quote: Quote): boolean {
  if (!quote.marketOpen) return false;
  switch (condition.kind) {
    case 'above':
      return quote.price >= condition.price;
    case 'below':
      return quote.price <= condition.price;
    case 'dayMove': {
      const move = dayMovePercent(quote);
      return condition.direction === 'up' ? move >= condition.percent : -move >= condition.percent;
    }
    case 'yearHigh':
      return quote.yearHigh > 0 && quote.price >= quote.yearHigh;
    case 'yearLow':
      return quote.yearLow > 0 && quote.price <= quote.yearLow;
  }
}

/** The day's move in percent, from the previous close (the quote's own figure when it has none). */
export function dayMovePercent(quote: Quote): number {
  return quoteDayChange(quote).percent;
}

const price = (value: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: 4, minimumFractionDigits: 2 });

/** An alert's condition as its owner reads it: "AAPL at or above 190.00". */
export function describeCondition(symbol: string, condition: AlertCondition): string {
  switch (condition.kind) {
    case 'above':
      return `${symbol} at or above ${price(condition.price)}`;
    case 'below':
      return `${symbol} at or below ${price(condition.price)}`;
    case 'dayMove':
      return `${symbol} ${condition.direction} ${condition.percent}% or more in a day`;
    case 'yearHigh':
      return `${symbol} at a new 52-week high`;
    case 'yearLow':
      return `${symbol} at a new 52-week low`;
  }
}

/** The notice of a fired alert: its title and the line the e-mail and the list show. */
export function noticeOf(
  symbol: string,
  condition: AlertCondition,
  quotePrice: number,
): { readonly title: string; readonly body: string } {
  return {
    title: `Price alert: ${describeCondition(symbol, condition)}`,
    body: `${symbol} traded at ${price(quotePrice)}. The alert fired once and is now off; re-arm it on your dashboard to be told again.`,
  };
}
