import { Conflict, NotFound } from '../../core/domain-errors';
import type { Action, Resource } from '../../core/permissions';
import type {
  CuratedItem,
  CuratedItemStore,
  CuratedItemVersion,
} from '../ports/curated-item-store';
import type { UsersRepository } from '../ports/users-repository';
import { CuratorAccess, curatorName, type Curator } from './curator-access';

export interface CuratedItemServiceOptions<T, Input> {
  readonly store: CuratedItemStore<T>;
  readonly users: Pick<UsersRepository, 'get'>;
  readonly clock?: () => Date;
  /** The §6 resource that guards the item (ANALYST, SHARIAH, DESCRIPTION). */
  readonly resource: Resource;
  /** How messages name the item: 'the analyst data'. */
  readonly what: string;
  readonly conflictMessage: string;
  /** The stored value from a validated input and the company's ticker (e.g. sorted, stamped). */
  readonly toValue: (input: Input, company: { readonly symbol: string; readonly now: Date }) => T;
}

/** What a kind's service is built from: its store, the users (for editors' sets), a clock. */
export type CuratedItemDeps<T> = Pick<
  CuratedItemServiceOptions<T, never>,
  'store' | 'users' | 'clock'
>;

/**
 * Curation of one kind of per-company item (analyst data, Shariah inputs, description): read,
 * history, update and restore, each authorised with core's permission rule for the resource,
 * action and ISIN before anything is read; writes versioned with an audit entry in the same
 * transaction.
 */
export class CuratedItemService<T, Input> {
  private readonly clock: () => Date;
  private readonly access: CuratorAccess;

  constructor(private readonly options: CuratedItemServiceOptions<T, Input>) {
    this.clock = options.clock ?? (() => new Date());
    this.access = new CuratorAccess(options.users);
  }

  async get(curator: Curator, isin: string): Promise<CuratedItem<T>> {
    await this.authorize(curator, 'read', isin);
    return this.existing(isin);
  }

  async history(curator: Curator, isin: string): Promise<CuratedItemVersion<T>[]> {
    await this.authorize(curator, 'read', isin);
    await this.existing(isin);
    return this.options.store.history(isin);
  }

  async update(
    curator: Curator,
    isin: string,
    input: Input,
    expectedVersion: number,
  ): Promise<CuratedItem<T>> {
    await this.authorize(curator, 'update', isin);
    const current = await this.existing(isin);
    return this.write(
      curator,
      current,
      this.options.toValue(input, { symbol: current.symbol, now: this.clock() }),
      expectedVersion,
    );
  }

  /** Makes a kept version current again: a new version, audited like any update. */
  async restore(
    curator: Curator,
    isin: string,
    version: number,
    expectedVersion: number,
  ): Promise<CuratedItem<T>> {
    await this.authorize(curator, 'update', isin);
    const current = await this.existing(isin);
    const entry = await this.options.store.entry(isin, version);
    if (!entry) throw new NotFound(`Version ${version} of ${this.options.what} is not kept`);
    return this.write(curator, current, entry.after, expectedVersion);
  }

  private async write(
    curator: Curator,
    current: CuratedItem<T>,
    value: T,
    expectedVersion: number,
  ): Promise<CuratedItem<T>> {
    // `before` must be the value at the expected version: the store's condition on the same
    // version then proves nobody wrote in between.
    if (current.version !== expectedVersion) throw new Conflict(this.options.conflictMessage);
    const updatedAt = this.clock().toISOString();
    const updatedBy = curatorName(curator);
    await this.options.store.write({
      isin: current.isin,
      expectedVersion,
      before: current.value ?? null,
      after: value,
      updatedAt,
      updatedBy,
    });
    return { ...current, value, version: expectedVersion + 1, updatedAt, updatedBy };
  }

  private async existing(isin: string): Promise<CuratedItem<T>> {
    const current = await this.options.store.current(isin);
    if (!current) throw new NotFound(`No company with ISIN ${isin}`);
    return current;
  }

  /** Refuses anyone who curates nothing (the edge calls it before validating input). */
  assertCurator(curator: Pick<Curator, 'groups'>): void {
    this.access.assertCurator(curator);
  }

  private authorize(curator: Curator, action: Action, isin: string): Promise<void> {
    return this.access.authorize(curator, this.options.resource, action, isin, this.options.what);
  }
}
