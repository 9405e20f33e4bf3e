import { randomBytes } from 'node:crypto';
import {
  NOTIFICATIONS_LISTED,
  type Alert,
  type AlertCondition,
  type AlertsAnswer,
  type NotificationsAnswer,
} from '../../core/alerts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../core/domain-errors';
import { limitReachedText } from '../../core/subscription';
import type { AlertStore } from '../ports/alert-store';
import type { KnownSymbol } from './known-symbol';
import { deletion, PlanScopedService, type PlanScopedDeps } from './plan-scoped-service';

const newAlertId = () => `al_${randomBytes(12).toString('hex')}`;

/**
 * A user's price alerts under their plan's limit (core's entitlementsOf): one more than the plan
 * allows is refused with a 403 that says why. Deleting is always allowed; alerts kept beyond the
 * limit after a downgrade stay, and can be deleted. Notifications are the fired alerts' notices.
 * An alert names a symbol the product prices: the evaluator skips any other, so one on an unknown
 * symbol would be accepted and never fire (a 400 naming the field instead).
 */
export class AlertService extends PlanScopedService<
  PlanScopedDeps & { readonly store: AlertStore; readonly knownSymbol: KnownSymbol }
> {
  async list(sub: string): Promise<AlertsAnswer> {
    const [plan, alerts] = await Promise.all([this.entitlements(sub), this.deps.store.list(sub)]);
    return { alerts, limits: { tier: plan.tier, alerts: plan.alerts } };
  }

  async create(
    sub: string,
    input: { readonly symbol: string; readonly condition: AlertCondition },
  ): Promise<Alert> {
    if (!(await this.deps.knownSymbol(input.symbol))) {
      throw new Invalid(`${input.symbol} is not a listed stock or market index`, 'symbol');
    }
    const plan = await this.entitlements(sub);
    const at = new Date(this.now()).toISOString();
    const alert: Alert = {
      id: newAlertId(),
      symbol: input.symbol,
      condition: input.condition,
      armed: true,
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
    return this.deps.store.change(sub, (alerts) => {
      if (alerts.length >= plan.alerts) {
        throw new Forbidden(limitReachedText('price alerts', plan.alerts, plan.tier));
      }
      return { alerts: [...alerts, alert], result: alert };
    });
  }

  /** An edit of the condition, or a re-arm (`armed: true`) of a fired alert. */
  async update(
    sub: string,
    id: string,
    input: {
      readonly condition: AlertCondition;
      readonly armed: boolean;
      readonly version: number;
    },
  ): Promise<Alert> {
    return this.deps.store.change(sub, (alerts) => {
      const current = alerts.find((a) => a.id === id);
      if (!current) throw new NotFound('No such alert.');
      if (current.version !== input.version) {
        throw new Conflict(
          'This alert was changed meanwhile (or it fired): reload it and try again.',
        );
      }
      const updated: Alert = {
        ...current,
        condition: input.condition,
        armed: input.armed,
        version: current.version + 1,
        updatedAt: new Date(this.now()).toISOString(),
      };
      return { alerts: alerts.map((a) => (a.id === id ? updated : a)), result: updated };
    });
  }

  async delete(sub: string, id: string): Promise<{ deleted: string }> {
    return this.deps.store.change(sub, deletion('alerts', id, 'No such alert.'));
  }

  async notifications(sub: string): Promise<NotificationsAnswer> {
    const notifications = await this.deps.store.notifications(sub, NOTIFICATIONS_LISTED);
    return { notifications, unread: notifications.filter((n) => !n.read).length };
  }

  async markRead(sub: string, id: string): Promise<NotificationsAnswer> {
    if (!(await this.deps.store.markRead(sub, id))) throw new NotFound('No such notification.');
    return this.notifications(sub);
  }

  async markAllRead(sub: string): Promise<NotificationsAnswer> {
    const listed = await this.deps.store.notifications(sub, NOTIFICATIONS_LISTED);
    await Promise.all(
      listed.filter((n) => !n.read).map((n) => this.deps.store.markRead(sub, n.id)),
    );
    return this.notifications(sub);
  }
}
