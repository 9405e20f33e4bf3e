import { NotCovered } from '../../core/domain-errors';
import { ProviderError } from '../adapters/fmp/provider-error';
import type { IngestRefusal } from '../ports/ingest-runs';
import type { PlanRefusal } from './ingest';

/**
 * The refusal an error carries when the key's plan refused the call (a ProviderError of kind
 * 'plan', or the market-data port's NotCovered caused by one): its endpoint and the provider's
 * words, without the "FMP <path>: " the message starts with. Undefined for any other failure.
 */
export function planRefusalOf(error: unknown): PlanRefusal | undefined {
  if (error instanceof NotCovered) return planRefusalOf(error.cause);
  if (!(error instanceof ProviderError) || !error.refusedByPlan) return undefined;
  const prefix = `FMP ${error.path}: `;
  const message = error.message.startsWith(prefix)
    ? error.message.slice(prefix.length)
    : error.message;
  return { endpoint: error.path, message };
}

interface Tally {
  readonly endpoint: string;
  readonly exchange: string | null;
  readonly message: string;
  readonly symbols: Set<string>;
}

/**
 * What the plan refused in one run, by endpoint and exchange: a plan covers exchanges as well as
 * endpoints (a starter plan may serve US profiles and refuse London's), so the same endpoint
 * refused on two exchanges is two findings. The provider's words are the first ones heard for the
 * pair; each company counts once however often it was refused there.
 */
export class PlanRefusals {
  private readonly tallies = new Map<string, Tally>();

  /**
   * Counts a refusal for `symbol` (listed on `exchange`, null when unknown), or for no one company
   * when `symbol` is omitted (an index list).
   */
  add(refusal: PlanRefusal, exchange: string | null, symbol?: string): void {
    const key = JSON.stringify([refusal.endpoint, exchange]);
    let tally = this.tallies.get(key);
    if (!tally) {
      tally = { ...refusal, exchange, symbols: new Set() };
      this.tallies.set(key, tally);
    }
    if (symbol !== undefined) tally.symbols.add(symbol);
  }

  /** The refusals, the most companies first, then by endpoint and exchange (unknown last). */
  list(): IngestRefusal[] {
    return [...this.tallies.values()]
      .map(({ endpoint, exchange, message, symbols }) => ({
        endpoint,
        exchange,
        message,
        companies: symbols.size,
      }))
      .sort(
        (a, b) =>
          b.companies - a.companies ||
          a.endpoint.localeCompare(b.endpoint) ||
          Number(a.exchange === null) - Number(b.exchange === null) ||
          (a.exchange ?? '').localeCompare(b.exchange ?? ''),
      );
  }
}
