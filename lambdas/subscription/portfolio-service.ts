import { randomBytes } from 'node:crypto';
import { Conflict, Forbidden, Invalid, NotFound, TooLarge } from '../../core/domain-errors';
import type { Currency } from '../../core/market/fx';
import { replayLedger } from '../../core/portfolio/holdings';
import type { Transaction } from '../../core/portfolio/transactions';
import {
  heldSymbolCount,
  PORTFOLIO_TRANSACTIONS_MAX,
  readOnlyPortfolioText,
  STALE_PORTFOLIO_TEXT,
  type Portfolio,
  type PortfolioTransactions,
  type PortfolioView,
  type PortfoliosAnswer,
  type StoredTransaction,
  type TransactionEntry,
  type TransactionWritten,
  type TransactionsAdded,
} from '../../core/portfolios';
import { limitReachedText, type Entitlements } from '../../core/subscription';
import { withReadOnly } from '../../core/watchlists';
import type {
  PortfolioSnapshot,
  PortfolioStore,
  TransactionsChange,
} from '../ports/portfolio-store';
import { PlanScopedService, type PlanScopedDeps } from './plan-scoped-service';

export interface PortfolioInput {
  readonly name: string;
  readonly currency: Currency;
  readonly benchmark: string;
}

const newPortfolioId = () => `pf_${randomBytes(12).toString('hex')}`;
const NO_SUCH_PORTFOLIO = 'No such portfolio.';
const NO_SUCH_TRANSACTION = 'No such transaction.';

/**
 * Where a problem of the ledger is reported: the field of what the request sent
 * (`transaction.quantity`, `transactions.3.quantity`), or none when the problem is in a stored
 * transaction the change affected (a sale left without the buy just deleted).
 */
type FieldOf = (index: number) => string | undefined;

/**
 * A user's portfolios under their plan's limits (core's entitlementsOf, the rule the SPA shows):
 * more portfolios than the plan allows, or a change leaving more symbols held than it allows in
 * one, is refused with a 403 that says why. Portfolios beyond the limit after a downgrade are kept
 * read-only, never deleted; deleting is always allowed. Every change is made at the version the
 * caller saw (409 otherwise), and the stored transactions always replay into a ledger.
 */
export class PortfolioService extends PlanScopedService<
  PlanScopedDeps & { readonly store: PortfolioStore }
> {
  async list(sub: string): Promise<PortfoliosAnswer> {
    const [plan, portfolios] = await Promise.all([
      this.entitlements(sub),
      this.deps.store.list(sub),
    ]);
    return {
      portfolios: withReadOnly(portfolios, plan.portfolios),
      limits: {
        tier: plan.tier,
        portfolios: plan.portfolios,
        holdingsPerPortfolio: plan.holdingsPerPortfolio,
      },
    };
  }

  async create(sub: string, input: PortfolioInput): Promise<PortfolioView> {
    const plan = await this.entitlements(sub);
    const at = this.at();
    const portfolio: Portfolio = {
      id: newPortfolioId(),
      ...input,
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
    if (!(await this.deps.store.create(sub, portfolio, plan.portfolios))) {
      throw new Forbidden(limitReachedText('portfolios', plan.portfolios, plan.tier));
    }
    return { ...portfolio, readOnly: false };
  }

  /** Renames it, or changes its currency or benchmark. */
  async update(
    sub: string,
    id: string,
    input: PortfolioInput & { readonly version: number },
  ): Promise<PortfolioView> {
    const { view } = await this.editable(sub, id);
    if (view.version !== input.version) throw new Conflict(STALE_PORTFOLIO_TEXT);
    const updated: Portfolio = {
      id,
      name: input.name,
      currency: input.currency,
      benchmark: input.benchmark,
      version: input.version + 1,
      createdAt: view.createdAt,
      updatedAt: this.at(),
    };
    if (!(await this.deps.store.update(sub, updated, input.version))) {
      throw new Conflict(STALE_PORTFOLIO_TEXT);
    }
    return { ...updated, readOnly: false };
  }

  async delete(sub: string, id: string): Promise<{ deleted: string }> {
    if (!(await this.deps.store.delete(sub, id))) throw new NotFound(NO_SUCH_PORTFOLIO);
    return { deleted: id };
  }

  /** A portfolio and its transactions in the order entered (read-only ones too). */
  async transactions(sub: string, id: string): Promise<PortfolioTransactions> {
    const { view, snapshot } = await this.find(sub, id);
    return {
      portfolio: { ...snapshot.portfolio, readOnly: view.readOnly },
      transactions: snapshot.transactions,
    };
  }

  async addTransaction(
    sub: string,
    id: string,
    version: number,
    entry: TransactionEntry,
  ): Promise<TransactionWritten> {
    const { plan, snapshot } = await this.editable(sub, id);
    const { portfolio, added } = await this.write(
      sub,
      plan,
      snapshot,
      version,
      { add: [entry] },
      (index) => (index === snapshot.transactions.length ? 'transaction' : undefined),
    );
    return { portfolio, transaction: added[0]! };
  }

  /**
   * Adds transactions (an import's rows) in their order. One whose `importKey` the portfolio
   * already holds, or an earlier one of the same call holds, adds nothing: the same file imported
   * twice adds its rows once. When all are already there it answers so at any version, so a
   * retried import whose first answer was lost is not refused.
   */
  async addTransactions(
    sub: string,
    id: string,
    version: number,
    entries: readonly TransactionEntry[],
  ): Promise<TransactionsAdded> {
    const { plan, view, snapshot } = await this.editable(sub, id);
    const seen = new Set(snapshot.transactions.map((t) => t.importKey).filter(Boolean));
    const fresh: { entry: TransactionEntry; index: number }[] = [];
    entries.forEach((entry, index) => {
      if (entry.importKey !== undefined) {
        if (seen.has(entry.importKey)) return;
        seen.add(entry.importKey);
      }
      fresh.push({ entry, index });
    });
    const alreadyThere = entries.length - fresh.length;
    if (fresh.length === 0) return { portfolio: view, transactions: [], added: 0, alreadyThere };
    const start = snapshot.transactions.length;
    const { portfolio, added } = await this.write(
      sub,
      plan,
      snapshot,
      version,
      { add: fresh.map((f) => f.entry) },
      (index) => (index >= start ? `transactions.${fresh[index - start]!.index}` : undefined),
    );
    return { portfolio, transactions: added, added: added.length, alreadyThere };
  }

  /** Replaces a transaction's content; it keeps its id, its place and where it was imported from. */
  async updateTransaction(
    sub: string,
    id: string,
    txId: string,
    version: number,
    entry: TransactionEntry,
  ): Promise<TransactionWritten> {
    const { plan, snapshot } = await this.editable(sub, id);
    const index = snapshot.transactions.findIndex((t) => t.id === txId);
    const current = snapshot.transactions[index];
    if (!current) throw new NotFound(NO_SUCH_TRANSACTION);
    const { importKey: _sent, ...content } = entry;
    const replaced = {
      ...content,
      id: txId,
      ...(current.importKey === undefined ? {} : { importKey: current.importKey }),
    } as StoredTransaction;
    const { portfolio } = await this.write(
      sub,
      plan,
      snapshot,
      version,
      { replace: [replaced] },
      (at) => (at === index ? 'transaction' : undefined),
    );
    return { portfolio, transaction: replaced };
  }

  async deleteTransaction(
    sub: string,
    id: string,
    txId: string,
    version: number,
  ): Promise<{ portfolio: PortfolioView; deleted: string }> {
    const { plan, snapshot } = await this.editable(sub, id);
    if (!snapshot.transactions.some((t) => t.id === txId)) throw new NotFound(NO_SUCH_TRANSACTION);
    const { portfolio } = await this.write(
      sub,
      plan,
      snapshot,
      version,
      { remove: [txId] },
      () => undefined,
    );
    return { portfolio, deleted: txId };
  }

  /** The portfolio if the caller may change it: theirs, and within their plan's limit. */
  private async editable(sub: string, id: string) {
    const found = await this.find(sub, id);
    if (found.view.readOnly) throw new Forbidden(readOnlyPortfolioText(found.plan.portfolios));
    return found;
  }

  /** The caller's portfolio with its transactions, and whether their plan lets them change it. */
  private async find(sub: string, id: string) {
    const [plan, portfolios, snapshot] = await Promise.all([
      this.entitlements(sub),
      this.deps.store.list(sub),
      this.deps.store.read(sub, id),
    ]);
    const view = withReadOnly(portfolios, plan.portfolios).find((p) => p.id === id);
    if (!view || !snapshot) throw new NotFound(NO_SUCH_PORTFOLIO);
    return { plan, view, snapshot };
  }

  /**
   * Checks the change against what the caller saw (its version), the ledger (the transactions
   * after it must all replay) and the plan (no more symbols held than allowed, unless the change
   * adds none: a portfolio left over the limit by a downgrade can still be sold down), then stores
   * it at that version.
   */
  private async write(
    sub: string,
    plan: Entitlements,
    snapshot: PortfolioSnapshot,
    version: number,
    change: TransactionsChange,
    fieldOf: FieldOf,
  ) {
    if (snapshot.portfolio.version !== version) throw new Conflict(STALE_PORTFOLIO_TEXT);
    const before = snapshot.transactions;
    const replaced = new Map((change.replace ?? []).map((t) => [t.id, t]));
    const removed = new Set(change.remove ?? []);
    const after: Transaction[] = [
      ...before.filter((t) => !removed.has(t.id)).map((t) => replaced.get(t.id) ?? t),
      ...(change.add ?? []).map((entry) => ({ ...entry, id: 'new' }) as Transaction),
    ];
    if (after.length > PORTFOLIO_TRANSACTIONS_MAX) {
      throw new TooLarge(
        `A portfolio keeps at most ${PORTFOLIO_TRANSACTIONS_MAX} transactions; this one would have ${after.length}.`,
      );
    }
    const { ledger, problems } = replayLedger(after);
    const problem = problems[0];
    if (problem) {
      const field = fieldOf(problem.index);
      throw new Invalid(problem.message, field && `${field}.${problem.field}`);
    }
    const held = heldSymbolCount(ledger);
    if (held > plan.holdingsPerPortfolio && held > heldSymbolCount(replayLedger(before).ledger)) {
      throw new Forbidden(
        limitReachedText('holdings per portfolio', plan.holdingsPerPortfolio, plan.tier),
      );
    }
    const outcome = await this.deps.store.change(
      sub,
      snapshot.portfolio.id,
      version,
      change,
      this.at(),
    );
    if (outcome.stale) {
      const stored = outcome.added.length;
      throw new Conflict(
        stored === 0
          ? STALE_PORTFOLIO_TEXT
          : `This portfolio was changed elsewhere while ${stored} of the transactions were added: reload it; importing the file again adds the rest.`,
      );
    }
    return { portfolio: { ...outcome.portfolio, readOnly: false }, added: outcome.added };
  }

  private at(): string {
    return new Date(this.now()).toISOString();
  }
}
