import { CURATED_HISTORY_LIMIT } from '../../../../core/curation/history';
import { Conflict } from '../../../../core/domain-errors';
import type {
  CuratedItem,
  CuratedItemStore,
  CuratedItemVersion,
  CuratedItemWrite,
} from '../../../ports/curated-item-store';

/** A curated item store in memory, with the DynamoDB adapter's semantics, for unit tests. */
export class InMemoryCuratedItemStore<T> implements CuratedItemStore<T> {
  private readonly items = new Map<string, CuratedItem<T>>();
  private readonly audit = new Map<string, CuratedItemVersion<T>[]>();
  private readonly ingested = new Map<string, T>();

  /**
   * `companies`: ISIN → symbol and the value as ingested (version 1), if any; or, for an item the
   * ingest never writes (the description), the profile's value as `ingested`, served at version 0
   * until curated.
   */
  constructor(
    companies: ReadonlyMap<
      string,
      { readonly symbol: string; readonly value?: T; readonly ingested?: T }
    >,
    private readonly conflictMessage = 'Changed by someone else',
  ) {
    for (const [isin, { symbol, value, ingested }] of companies) {
      if (ingested !== undefined) this.ingested.set(isin, ingested);
      this.items.set(isin, {
        isin,
        symbol,
        value: structuredClone(value),
        version: value === undefined ? 0 : 1,
        updatedAt: null,
        updatedBy: null,
      });
    }
  }

  async current(isin: string): Promise<CuratedItem<T> | undefined> {
    const item = this.items.get(isin);
    return structuredClone(item && { ...item, value: item.value ?? this.ingested.get(isin) });
  }

  async storedValue(isin: string): Promise<T | undefined> {
    return structuredClone(this.items.get(isin)?.value);
  }

  async history(isin: string): Promise<CuratedItemVersion<T>[]> {
    return structuredClone([...(this.audit.get(isin) ?? [])].reverse());
  }

  async entry(isin: string, version: number): Promise<CuratedItemVersion<T> | undefined> {
    return structuredClone(this.audit.get(isin)?.find((entry) => entry.version === version));
  }

  async write(change: CuratedItemWrite<T>): Promise<void> {
    const current = this.items.get(change.isin);
    if (!current || current.version !== change.expectedVersion) {
      throw new Conflict(this.conflictMessage);
    }
    const version = change.expectedVersion + 1;
    const { isin, before, after, updatedAt, updatedBy } = structuredClone(change);
    this.items.set(isin, { ...current, value: after, version, updatedAt, updatedBy });
    const entries = [
      ...(this.audit.get(isin) ?? []),
      { isin, version, before, after, updatedAt, updatedBy },
    ];
    this.audit.set(isin, entries.slice(-CURATED_HISTORY_LIMIT));
  }
}
