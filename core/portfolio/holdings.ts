import { Invalid } from '../domain-errors';
import type { Currency } from '../market/fx';
import { chronological, type Transaction, type TransactionOf } from './transactions';

/**
 * Holdings replayed from a portfolio's transactions. Cost follows two methods, both common with
 * brokers: FIFO lots (a sale uses up the oldest shares first) give the cost basis and the realized
 * gains, as tax reports want them; the average-cost method gives the average cost per share many
 * brokers show (a sale leaves it unchanged). Buy fees are part of a lot's cost; sell fees reduce
 * the proceeds. A split multiplies every lot's shares by its ratio and divides its cost per share
 * by it, so no value, cost or gain changes.
 */

/** Shares bought together and still held: their cost per share includes the buy's fees. */
export interface Lot {
  readonly date: string;
  readonly quantity: number;
  readonly costPerShare: number;
}

export interface DividendReceived {
  readonly date: string;
  /** Cash received, after tax withheld. */
  readonly amount: number;
  readonly taxWithheld: number;
  readonly currency: Currency;
}

export interface Holding {
  readonly symbol: string;
  /** The currency its trades are in (the listing's). */
  readonly currency: Currency;
  readonly quantity: number;
  /** FIFO lots still held, oldest first. */
  readonly lots: readonly Lot[];
  /** What the shares still held cost (the FIFO lots'). */
  readonly costBasis: number;
  /** Average-cost method, per share; null while nothing is held. */
  readonly averageCost: number | null;
  /** Proceeds less fees less the FIFO cost of the shares sold. */
  readonly realizedGain: number;
  readonly dividends: readonly DividendReceived[];
  /** Fees charged on the holding outside its trades (custody, ADR fees). */
  readonly fees: number;
}

export interface Ledger {
  /** Every symbol the portfolio ever had, in the order first seen; closed ones hold 0 shares. */
  readonly holdings: readonly Holding[];
  /** Cash in the account by currency: deposits, sales and dividends less buys, fees, withdrawals. */
  readonly cash: Readonly<Partial<Record<Currency, number>>>;
}

/** A transaction the ledger cannot take, with the field to fix (`index`: in the list given). */
export interface LedgerProblem {
  readonly index: number;
  readonly field: string;
  readonly message: string;
}

/** Rounding dust below this share of a position counts as nothing (after splits, 1/3 × 3 ≠ 1). */
const DUST = 1e-9;

interface Position {
  symbol: string;
  currency: Currency;
  quantity: number;
  lots: Lot[];
  averageCost: number | null;
  realizedGain: number;
  dividends: DividendReceived[];
  fees: number;
}

const costOf = (lots: readonly Lot[]) =>
  lots.reduce((sum, l) => sum + l.quantity * l.costPerShare, 0);

/** Takes `quantity` shares out of the oldest lots; returns what they cost. */
function takeFifo(position: Position, quantity: number): number {
  let left = quantity;
  let cost = 0;
  while (left > 0 && position.lots.length > 0) {
    const lot = position.lots[0]!;
    const used = Math.min(lot.quantity, left);
    cost += used * lot.costPerShare;
    left -= used;
    const remaining = lot.quantity - used;
    if (remaining <= lot.quantity * DUST) position.lots.shift();
    else position.lots[0] = { ...lot, quantity: remaining };
  }
  return cost;
}

function buy(position: Position, t: TransactionOf<'buy'>): void {
  const cost = t.quantity * t.price + t.fees;
  const held = position.quantity;
  position.averageCost = ((position.averageCost ?? 0) * held + cost) / (held + t.quantity);
  position.quantity = held + t.quantity;
  position.lots.push({ date: t.date, quantity: t.quantity, costPerShare: cost / t.quantity });
}

function sell(position: Position, t: TransactionOf<'sell'>): void {
  const quantity = Math.min(t.quantity, position.quantity);
  const cost = takeFifo(position, quantity);
  position.realizedGain += t.quantity * t.price - t.fees - cost;
  position.quantity -= quantity;
  if (position.quantity <= quantity * DUST) {
    position.quantity = 0;
    position.lots = [];
    position.averageCost = null;
  }
}

function split(position: Position, ratio: number): void {
  position.quantity *= ratio;
  position.lots = position.lots.map((l) => ({
    ...l,
    quantity: l.quantity * ratio,
    costPerShare: l.costPerShare / ratio,
  }));
  if (position.averageCost !== null) position.averageCost /= ratio;
}

/** The cash a transaction moves in or out of the account (splits move none). */
export function cashEffect(t: Transaction): number {
  switch (t.type) {
    case 'buy':
      return -(t.quantity * t.price + t.fees);
    case 'sell':
      return t.quantity * t.price - t.fees;
    case 'dividend':
    case 'deposit':
      return t.amount;
    case 'fee':
    case 'withdrawal':
      return -t.amount;
    case 'split':
      return 0;
  }
}

/**
 * Replays the transactions (in date order, ties in the order given). One the ledger cannot take —
 * a sale of more shares than held, a trade in another currency than the symbol's others — is
 * reported and left out, so an import preview can list every such row at once.
 */
export function replayLedger(transactions: readonly Transaction[]): {
  readonly ledger: Ledger;
  readonly problems: readonly LedgerProblem[];
} {
  const positions = new Map<string, Position>();
  const cash: Partial<Record<Currency, number>> = {};
  const problems: LedgerProblem[] = [];
  const order = chronological(transactions.map((t, index) => ({ date: t.date, index })));

  for (const { index } of order) {
    const t = transactions[index]!;
    const symbol = 'symbol' in t ? t.symbol : undefined;
    let position = symbol === undefined ? undefined : positions.get(symbol);
    if (symbol !== undefined && position === undefined && t.type !== 'split') {
      position = {
        symbol,
        currency: t.currency,
        quantity: 0,
        lots: [],
        averageCost: null,
        realizedGain: 0,
        dividends: [],
        fees: 0,
      };
      positions.set(symbol, position);
    }
    // Dividends may be paid in another currency than the listing's; trades and fees may not.
    if (
      position !== undefined &&
      (t.type === 'buy' || t.type === 'sell' || t.type === 'fee') &&
      t.currency !== position.currency
    ) {
      problems.push({
        index,
        field: 'currency',
        message: `currency must be ${position.currency}, like ${position.symbol}'s other transactions`,
      });
      continue;
    }
    if (t.type === 'sell' && t.quantity > (position?.quantity ?? 0) * (1 + DUST)) {
      problems.push({
        index,
        field: 'quantity',
        message: `sells ${t.quantity} shares of ${t.symbol} but ${position?.quantity ?? 0} are held on ${t.date}`,
      });
      continue;
    }
    switch (t.type) {
      case 'buy':
        buy(position!, t);
        break;
      case 'sell':
        sell(position!, t);
        break;
      case 'split':
        if (position) split(position, t.ratio);
        break;
      case 'dividend':
        position!.dividends.push({
          date: t.date,
          amount: t.amount,
          taxWithheld: t.taxWithheld,
          currency: t.currency,
        });
        break;
      case 'fee':
        if (position) position.fees += t.amount;
        break;
      case 'deposit':
      case 'withdrawal':
        break;
    }
    if (t.type !== 'split') cash[t.currency] = (cash[t.currency] ?? 0) + cashEffect(t);
  }

  const holdings = [...positions.values()].map((p): Holding => ({
    symbol: p.symbol,
    currency: p.currency,
    quantity: p.quantity,
    lots: p.lots,
    costBasis: costOf(p.lots),
    averageCost: p.averageCost,
    realizedGain: p.realizedGain,
    dividends: p.dividends,
    fees: p.fees,
  }));
  return { ledger: { holdings, cash }, problems };
}

/** The ledger of transactions that must all be valid (a stored portfolio): Invalid otherwise. */
export function ledgerOf(transactions: readonly Transaction[]): Ledger {
  const { ledger, problems } = replayLedger(transactions);
  const first = problems[0];
  if (first) throw new Invalid(first.message, `transactions.${first.index}.${first.field}`);
  return ledger;
}

export const marketValue = (holding: Holding, price: number): number => holding.quantity * price;

/** Market value less the FIFO cost of the shares held. */
export const unrealizedGain = (holding: Holding, price: number): number =>
  marketValue(holding, price) - holding.costBasis;
