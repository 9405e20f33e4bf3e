import {
  firesOn,
  noticeOf,
  notificationIdOf,
  type Alert,
  type AlertNotification,
} from '../../core/alerts';
import type { Quote } from '../../core/market/types';

/**
 * The evaluator's decision, pure: of a user's alerts, which armed ones fire on these quotes. An
 * alert whose symbol has no quote (unknown, not trading yet) waits, as does one on a closed market.
 */
export function dueAlerts(
  alerts: readonly Alert[],
  quotes: ReadonlyMap<string, Quote>,
): { readonly alert: Alert; readonly quote: Quote }[] {
  const due: { alert: Alert; quote: Quote }[] = [];
  for (const alert of alerts) {
    if (!alert.armed) continue;
    const quote = quotes.get(alert.symbol);
    if (quote && firesOn(alert.condition, quote)) due.push({ alert, quote });
  }
  return due;
}

/** The symbols a set of users' armed alerts need quotes of (one batch). */
export function symbolsOf(owners: Iterable<{ readonly alerts: readonly Alert[] }>): string[] {
  const symbols = new Set<string>();
  for (const { alerts } of owners) {
    for (const alert of alerts) if (alert.armed) symbols.add(alert.symbol);
  }
  return [...symbols];
}

/**
 * A user's alerts after these fire: each disarmed (it fires once; its owner re-arms it) with when
 * and at what price, plus the notice of each.
 */
export function fireAlerts(
  alerts: readonly Alert[],
  due: readonly { readonly alert: Alert; readonly quote: Quote }[],
  at: number,
  random: () => string,
): { alerts: Alert[]; notifications: AlertNotification[] } {
  const fired = new Map(due.map((d) => [d.alert.id, d.quote]));
  const iso = new Date(at).toISOString();
  const notifications: AlertNotification[] = due.map(({ alert, quote }) => ({
    id: notificationIdOf(at, random()),
    alertId: alert.id,
    symbol: alert.symbol,
    condition: alert.condition,
    price: quote.price,
    at: iso,
    ...noticeOf(alert.symbol, alert.condition, quote.price),
    read: false,
  }));
  return {
    alerts: alerts.map((alert) => {
      const quote = fired.get(alert.id);
      return quote
        ? {
            ...alert,
            armed: false,
            firedAt: iso,
            firedPrice: quote.price,
            version: alert.version + 1,
            updatedAt: iso,
          }
        : alert;
    }),
    notifications,
  };
}
