import {
  transactionIdOf,
  type Portfolio,
  type StoredTransaction,
} from '../../../../core/portfolios';
import type {
  ChangeOutcome,
  PortfolioSnapshot,
  PortfolioStore,
  TransactionsChange,
} from '../../../ports/portfolio-store';

interface Kept {
  portfolio: Portfolio;
  /** The next transaction's sequence number, as the DynamoDB header keeps it. */
  nextTx: number;
  transactions: StoredTransaction[];
}

/** Portfolios in memory (unit tests), versioned and numbered as the DynamoDB items are. */
export class InMemoryPortfolioStore implements PortfolioStore {
  readonly users = new Map<string, Map<string, Kept>>();

  private of(sub: string): Map<string, Kept> {
    let portfolios = this.users.get(sub);
    if (!portfolios) this.users.set(sub, (portfolios = new Map()));
    return portfolios;
  }

  async list(sub: string): Promise<readonly Portfolio[]> {
    return [...this.of(sub).values()]
      .map((kept) => kept.portfolio)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async read(sub: string, id: string): Promise<PortfolioSnapshot | undefined> {
    const kept = this.of(sub).get(id);
    return kept && { portfolio: kept.portfolio, transactions: [...kept.transactions] };
  }

  async create(sub: string, portfolio: Portfolio, limit: number): Promise<boolean> {
    const portfolios = this.of(sub);
    if (portfolios.size >= limit) return false;
    portfolios.set(portfolio.id, { portfolio, nextTx: 1, transactions: [] });
    return true;
  }

  async update(sub: string, portfolio: Portfolio, expectedVersion: number): Promise<boolean> {
    const kept = this.of(sub).get(portfolio.id);
    if (kept?.portfolio.version !== expectedVersion) return false;
    kept.portfolio = portfolio;
    return true;
  }

  async change(
    sub: string,
    id: string,
    expectedVersion: number,
    change: TransactionsChange,
    at: string,
  ): Promise<ChangeOutcome> {
    const kept = this.of(sub).get(id);
    if (kept?.portfolio.version !== expectedVersion) return { stale: true, added: [] };
    const replaced = new Map((change.replace ?? []).map((t) => [t.id, t]));
    const removed = new Set(change.remove ?? []);
    const added = (change.add ?? []).map(
      (entry, i) => ({ ...entry, id: transactionIdOf(kept.nextTx + i) }) as StoredTransaction,
    );
    kept.transactions = [
      ...kept.transactions.filter((t) => !removed.has(t.id)).map((t) => replaced.get(t.id) ?? t),
      ...added,
    ];
    kept.nextTx += added.length;
    kept.portfolio = { ...kept.portfolio, version: expectedVersion + 1, updatedAt: at };
    return { stale: false, portfolio: kept.portfolio, added };
  }

  async delete(sub: string, id: string): Promise<boolean> {
    return this.of(sub).delete(id);
  }
}
