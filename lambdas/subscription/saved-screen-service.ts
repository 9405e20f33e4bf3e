import { randomBytes } from 'node:crypto';
import { Forbidden } from '../../core/domain-errors';
import type { SavedScreen, SavedScreensAnswer } from '../../core/saved-screens';
import { limitReachedText } from '../../core/subscription';
import type { SavedScreenStore } from '../ports/saved-screen-store';
import { deletion, PlanScopedService, type PlanScopedDeps } from './plan-scoped-service';

const newScreenId = () => `sc_${randomBytes(12).toString('hex')}`;

/**
 * A user's saved screens under their plan's limit (core's entitlementsOf). Saving under a name the
 * user already has replaces that screen's filters (the "save" of a screen opened from the list);
 * a new name beyond the limit is a 403 that says why. Deleting is always allowed.
 */
export class SavedScreenService extends PlanScopedService<
  PlanScopedDeps & { readonly store: SavedScreenStore }
> {
  async list(sub: string): Promise<SavedScreensAnswer> {
    const [plan, screens] = await Promise.all([this.entitlements(sub), this.deps.store.list(sub)]);
    return { screens, limits: { tier: plan.tier, savedScreens: plan.savedScreens } };
  }

  async save(
    sub: string,
    input: { readonly name: string; readonly params: Readonly<Record<string, string>> },
  ): Promise<SavedScreen> {
    const plan = await this.entitlements(sub);
    const at = new Date(this.now()).toISOString();
    return this.deps.store.change(sub, (screens) => {
      const same = screens.find((s) => s.name.toLowerCase() === input.name.toLowerCase());
      if (same) {
        const updated: SavedScreen = { ...same, params: input.params, updatedAt: at };
        return { screens: screens.map((s) => (s === same ? updated : s)), result: updated };
      }
      if (screens.length >= plan.savedScreens) {
        throw new Forbidden(limitReachedText('saved screens', plan.savedScreens, plan.tier));
      }
      const created: SavedScreen = {
        id: newScreenId(),
        name: input.name,
        params: input.params,
        createdAt: at,
        updatedAt: at,
      };
      return { screens: [...screens, created], result: created };
    });
  }

  async delete(sub: string, id: string): Promise<{ deleted: string }> {
    return this.deps.store.change(sub, deletion('screens', id, 'No such saved screen.'));
  }
}
