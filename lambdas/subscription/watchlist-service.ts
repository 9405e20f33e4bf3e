import { randomBytes } from 'node:crypto';
import { Conflict, Forbidden, NotFound } from '../../core/domain-errors';
import { limitReachedText, type Entitlements } from '../../core/subscription';
import {
  readOnlyWatchlistText,
  reorderedLists,
  withReadOnly,
  type WatchlistOrderEntry,
  type Watchlist,
  type WatchlistView,
  type WatchlistsAnswer,
} from '../../core/watchlists';
import type { WatchlistStore } from '../ports/watchlist-store';
import { deletion, PlanScopedService, type PlanScopedDeps } from './plan-scoped-service';

export interface WatchlistInput {
  readonly name: string;
  readonly symbols: readonly string[];
}

const newWatchlistId = () => `wl_${randomBytes(12).toString('hex')}`;

/**
 * A user's watchlists under their plan's limits (core's entitlementsOf, the rule the SPA shows):
 * a list more than the plan allows, or more symbols in one, is refused with a 403 that says why.
 * Lists beyond the limit after a downgrade are kept read-only, never deleted; deleting is always
 * allowed.
 */
export class WatchlistService extends PlanScopedService<
  PlanScopedDeps & { readonly store: WatchlistStore }
> {
  async list(sub: string): Promise<WatchlistsAnswer> {
    const [plan, lists] = await Promise.all([this.entitlements(sub), this.deps.store.list(sub)]);
    return this.answer(plan, lists);
  }

  /**
   * Puts the user's lists in their order. Allowed on any plan (read-only lists move too: order
   * changes no list's content); refused with a 409 when made on a stale copy of the lists.
   */
  async reorder(sub: string, order: readonly WatchlistOrderEntry[]): Promise<WatchlistsAnswer> {
    const plan = await this.entitlements(sub);
    return this.deps.store.change(sub, (lists) => {
      const next = reorderedLists(lists, order);
      if (next === 'unknown') throw new NotFound('No such watchlist.');
      if (next === 'stale') {
        throw new Conflict(
          'Your watchlists were changed elsewhere meanwhile: reload and try again.',
        );
      }
      return { lists: next, result: this.answer(plan, next) };
    });
  }

  private answer(plan: Entitlements, lists: readonly Watchlist[]): WatchlistsAnswer {
    return {
      watchlists: withReadOnly(lists, plan.watchlists),
      limits: {
        tier: plan.tier,
        watchlists: plan.watchlists,
        symbolsPerWatchlist: plan.symbolsPerWatchlist,
      },
    };
  }

  async create(sub: string, input: WatchlistInput): Promise<WatchlistView> {
    const plan = await this.entitlements(sub);
    this.checkSymbols(plan, input.symbols);
    const at = new Date(this.now()).toISOString();
    const list: Watchlist = {
      id: newWatchlistId(),
      name: input.name,
      symbols: input.symbols,
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
    return this.deps.store.change(sub, (lists) => {
      if (lists.length >= plan.watchlists) {
        throw new Forbidden(limitReachedText('watchlists', plan.watchlists, plan.tier));
      }
      if (lists.some((l) => l.name.toLowerCase() === input.name.toLowerCase())) {
        throw new Conflict(`You already have a watchlist named “${input.name}”.`);
      }
      return { lists: [...lists, list], result: { ...list, readOnly: false } };
    });
  }

  async update(
    sub: string,
    id: string,
    input: WatchlistInput & { readonly version: number },
  ): Promise<WatchlistView> {
    const plan = await this.entitlements(sub);
    this.checkSymbols(plan, input.symbols);
    return this.deps.store.change(sub, (lists) => {
      const view = withReadOnly(lists, plan.watchlists).find((l) => l.id === id);
      if (!view) throw new NotFound('No such watchlist.');
      if (view.readOnly) throw new Forbidden(readOnlyWatchlistText(plan.watchlists));
      if (view.version !== input.version) {
        throw new Conflict(
          'This watchlist was changed elsewhere meanwhile: reload it and try again.',
        );
      }
      if (lists.some((l) => l.id !== id && l.name.toLowerCase() === input.name.toLowerCase())) {
        throw new Conflict(`You already have a watchlist named “${input.name}”.`);
      }
      const { readOnly: _readOnly, ...current } = view;
      const updated: Watchlist = {
        ...current,
        name: input.name,
        symbols: input.symbols,
        version: view.version + 1,
        updatedAt: new Date(this.now()).toISOString(),
      };
      return {
        lists: lists.map((l) => (l.id === id ? updated : l)),
        result: { ...updated, readOnly: false },
      };
    });
  }

  async delete(sub: string, id: string): Promise<{ deleted: string }> {
    return this.deps.store.change(sub, deletion('lists', id, 'No such watchlist.'));
  }

  private checkSymbols(plan: Entitlements, symbols: readonly string[]): void {
    if (symbols.length > plan.symbolsPerWatchlist) {
      throw new Forbidden(
        limitReachedText('symbols per watchlist', plan.symbolsPerWatchlist, plan.tier),
      );
    }
  }
}
