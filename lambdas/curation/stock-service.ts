import {
  newStockProfile,
  pageOfStocks,
  STOCK_CONFLICT_MESSAGE,
  stockProfileOf,
  stockProfileSchema,
  type CuratedStock,
  type StockInput,
  type StockPage,
  type StockProfileInput,
  type StockSort,
  type StockVersion,
} from '../../core/curation/stock';
import { Conflict, Forbidden, Invalid, NotFound } from '../../core/domain-errors';
import { isAllowed, type Action } from '../../core/permissions';
import type { StockStore, WrittenStock } from '../ports/stock-store';
import type { UsersRepository } from '../ports/users-repository';
import { CuratorAccess, curatorName, type Curator } from './curator-access';

export interface StockServiceDeps {
  readonly store: StockStore;
  readonly users: Pick<UsersRepository, 'get'>;
  readonly clock?: () => Date;
}

export interface StockListQuery {
  readonly query: string;
  readonly exchange?: string | null | undefined;
  readonly sort: StockSort;
  readonly direction: 'asc' | 'desc';
  readonly page: number;
  readonly pageSize: number;
}

/**
 * Curation of the stocks themselves (resource STOCKS of §6): list with search, filter, sort and
 * paging (an editor sees the ISINs their set lets them read), add, edit, hide or unhide, delete,
 * and the history of each stock with restore.
 * Each call is authorised per action and ISIN before anything is read; writes are versioned with
 * an audit entry in the same transaction.
 */
export class StockService {
  private readonly clock: () => Date;
  private readonly access: CuratorAccess;

  constructor(private readonly deps: StockServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
    this.access = new CuratorAccess(deps.users);
  }

  async list(curator: Curator, query: StockListQuery): Promise<StockPage> {
    const set = await this.access.permissionSet(curator);
    if (!isAllowed(set, 'STOCKS', 'read')) throw new Forbidden('You may not read the stocks');
    const readable = (await this.deps.store.list()).filter((stock) =>
      isAllowed(set, 'STOCKS', 'read', stock.isin),
    );
    return pageOfStocks(readable, { ...query, exchange: query.exchange ?? undefined });
  }

  async get(curator: Curator, isin: string): Promise<CuratedStock> {
    await this.authorize(curator, 'read', isin);
    return this.existing(isin);
  }

  async create(curator: Curator, input: StockInput): Promise<CuratedStock> {
    await this.authorize(curator, 'create', input.isin);
    if (await this.deps.store.get(input.isin)) {
      throw new Conflict(`A stock with ISIN ${input.isin} exists`);
    }
    const holder = await this.deps.store.holderOf(input.symbol);
    if (holder) throw new Conflict(`The symbol ${input.symbol} belongs to ${holder}`);
    const now = this.clock();
    const stock: WrittenStock = {
      isin: input.isin,
      symbol: input.symbol,
      companyName: input.companyName,
      exchangeShortName: input.exchangeShortName,
      currency: input.currency,
      sector: input.sector,
      industry: input.industry,
      country: input.country,
      sharesOutstanding: input.sharesOutstanding,
      hidden: false,
      version: 1,
      updatedAt: now.toISOString(),
      updatedBy: curatorName(curator),
    };
    // No prices are made up for it: the market data has them once the listing trades (in AWS
    // the provider's; the local simulated market only prices the stocks it generated).
    await this.deps.store.create({ stock, profile: newStockProfile(input) });
    return stock;
  }

  /** The kept versions, newest first: who added, edited, hid or restored the stock when. */
  async history(curator: Curator, isin: string): Promise<StockVersion[]> {
    await this.authorize(curator, 'read', isin);
    await this.existing(isin);
    return this.deps.store.history(isin);
  }

  async update(
    curator: Curator,
    isin: string,
    profile: StockProfileInput,
    version: number,
  ): Promise<CuratedStock> {
    await this.authorize(curator, 'update', isin);
    return this.change(curator, await this.existing(isin), version, (stock) => ({
      ...stock,
      ...profile,
    }));
  }

  /**
   * Makes a kept version's profile facts current again: an edit like any other (versioned at
   * `expectedVersion`, audited), so the symbol and ISIN stay the stock's own and its visibility
   * stays as it is now (hiding is its own action). A version whose facts today's rules refuse
   * (stored before a rule tightened) is refused as such, not written back.
   */
  async restore(
    curator: Curator,
    isin: string,
    version: number,
    expectedVersion: number,
  ): Promise<CuratedStock> {
    await this.authorize(curator, 'update', isin);
    const current = await this.existing(isin);
    const entry = await this.deps.store.entry(isin, version);
    if (!entry) throw new NotFound(`Version ${version} of the stock is not kept`);
    const profile = stockProfileSchema.safeParse(stockProfileOf(entry.after));
    if (!profile.success) {
      const [issue] = profile.error.issues;
      throw new Invalid(
        `kept version ${version} cannot be restored: ${issue?.message ?? 'its facts are invalid'}`,
        'version',
      );
    }
    return this.change(curator, current, expectedVersion, (stock) => ({
      ...stock,
      ...profile.data,
    }));
  }

  async setHidden(
    curator: Curator,
    isin: string,
    hidden: boolean,
    version: number,
  ): Promise<CuratedStock> {
    await this.authorize(curator, 'update', isin);
    return this.change(curator, await this.existing(isin), version, (stock) => ({
      ...stock,
      hidden,
    }));
  }

  /** Deletes the stock and its data; `confirm` must repeat its symbol (typed by the admin). */
  async remove(curator: Curator, isin: string, confirm: string, version: number): Promise<void> {
    await this.authorize(curator, 'delete', isin);
    const stock = await this.existing(isin);
    if (confirm.trim().toUpperCase() !== stock.symbol) {
      throw new Invalid(`type the symbol ${stock.symbol} to confirm the deletion`, 'confirm');
    }
    if (stock.version !== version) throw new Conflict(STOCK_CONFLICT_MESSAGE);
    await this.deps.store.remove(stock, this.clock().toISOString(), curatorName(curator));
  }

  /** Refuses anyone who curates nothing (the edge calls it before validating input). */
  assertCurator(curator: Pick<Curator, 'groups'>): void {
    this.access.assertCurator(curator);
  }

  /**
   * The one write path of an existing stock (edit, hide, restore): at the version the caller
   * read, with the identity (ISIN, symbol) kept whatever `edit` returns.
   */
  private async change(
    curator: Curator,
    before: CuratedStock,
    version: number,
    edit: (stock: CuratedStock) => CuratedStock,
  ): Promise<CuratedStock> {
    if (before.version !== version) throw new Conflict(STOCK_CONFLICT_MESSAGE);
    const after: WrittenStock = {
      ...edit(before),
      isin: before.isin,
      symbol: before.symbol,
      version: before.version + 1,
      updatedAt: this.clock().toISOString(),
      updatedBy: curatorName(curator),
    };
    await this.deps.store.update({ before, after });
    return after;
  }

  private async existing(isin: string): Promise<CuratedStock> {
    const stock = await this.deps.store.get(isin);
    if (!stock) throw new NotFound(`No stock with ISIN ${isin}`);
    return stock;
  }

  private authorize(curator: Curator, action: Action, isin: string): Promise<void> {
    return this.access.authorize(curator, 'STOCKS', action, isin, 'the stock');
  }
}
