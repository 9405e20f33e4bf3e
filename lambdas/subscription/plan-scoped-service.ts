import { NotFound } from '../../core/domain-errors';
import { entitlementsOf, type Entitlements } from '../../core/subscription';
import type { CollectionChange } from '../ports/user-collection';
import type { UsersRepository } from '../ports/users-repository';

/** What a service over a user's workspace reads their plan with. */
export interface PlanScopedDeps {
  readonly users: UsersRepository;
  readonly now?: () => number;
}

/**
 * A service over a collection of a user's workspace under their plan's limits (core's
 * entitlementsOf, the rule the SPA shows), read at the time `now` says.
 */
export abstract class PlanScopedService<D extends PlanScopedDeps> {
  protected readonly now: () => number;

  constructor(protected readonly deps: D) {
    this.now = deps.now ?? Date.now;
  }

  protected async entitlements(sub: string): Promise<Entitlements> {
    const record = await this.deps.users.get(sub);
    return entitlementsOf(record?.subscription, this.now());
  }
}

/**
 * The change of a collection (stored under `field`) that deletes the item `id`, answering
 * `{ deleted: id }`; a 404 saying `missing` when the user has no such item. Deleting is always
 * allowed, whatever the plan.
 */
export const deletion =
  <K extends string, T extends { readonly id: string }>(field: K, id: string, missing: string) =>
  (items: readonly T[]): CollectionChange<K, T, { deleted: string }> => {
    if (!items.some((item) => item.id === id)) throw new NotFound(missing);
    const rest = items.filter((item) => item.id !== id);
    // A computed key types as a string index: the field is K by construction.
    return { [field]: rest, result: { deleted: id } } as CollectionChange<
      K,
      T,
      { deleted: string }
    >;
  };
