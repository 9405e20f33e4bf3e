import { SHEET_CONFLICT_MESSAGE, SHEET_HISTORY_LIMIT } from '../../../../core/curation/sheet';
import { Conflict } from '../../../../core/domain-errors';
import type { StatementKind } from '../../../../core/market/types';
import type {
  SheetCollectionState,
  SheetCompany,
  SheetRevision,
  SheetStore,
  SheetWrite,
} from '../../../ports/sheet-store';
import type { StatementCollection } from '../../../ports/stocks-repository';

/** A company as the memory store knows it: who it is and its sheets as ingested. */
export interface MemorySheetCompany extends SheetCompany {
  readonly sheets: Partial<{ [K in StatementKind]: StatementCollection<K> }>;
}

/** The sheet store in memory, with the DynamoDB adapter's semantics, for unit tests. */
export class InMemorySheetStore implements SheetStore {
  private readonly state = new Map<string, SheetCollectionState>();
  private readonly audit = new Map<string, SheetRevision[]>();

  /** `companies`: ISIN → the company and its sheets as ingested (the companies that exist). */
  constructor(private readonly companies: Map<string, MemorySheetCompany>) {
    for (const [isin, { symbol, currency, sheets }] of companies) {
      for (const [kind, collection] of Object.entries(sheets)) {
        this.state.set(`${isin}#${kind}`, {
          kind: kind as StatementKind,
          company: { symbol, currency },
          collection: structuredClone(collection),
          revision: 1,
          meta: {},
        });
      }
    }
  }

  /** A company disappears (its stock was deleted): later writes must fail. */
  removeCompany(isin: string): void {
    this.companies.delete(isin);
  }

  async read<K extends StatementKind>(
    isin: string,
    kind: K,
  ): Promise<SheetCollectionState<K> | undefined> {
    const company = this.companies.get(isin);
    if (!company) return undefined;
    const state = this.state.get(`${isin}#${kind}`) as SheetCollectionState<K> | undefined;
    const { symbol, currency } = company;
    return structuredClone(
      state ?? {
        kind,
        company: { symbol, currency },
        collection: { annual: [], quarter: [] },
        revision: 0,
        meta: {},
      },
    );
  }

  async write(isin: string, writes: readonly SheetWrite[]): Promise<void> {
    const stale = writes.some(
      (w) => (this.state.get(`${isin}#${w.audit.kind}`)?.revision ?? 0) !== w.expectedRevision,
    );
    if (!this.companies.has(isin) || stale) throw new Conflict(SHEET_CONFLICT_MESSAGE);
    for (const { expectedRevision, collection, meta, audit } of writes) {
      const revision = expectedRevision + 1;
      const key = `${isin}#${audit.kind}`;
      const company = this.companies.get(isin) as MemorySheetCompany;
      const { symbol, currency } = company;
      this.state.set(
        key,
        structuredClone({
          kind: audit.kind,
          company: { symbol, currency },
          collection,
          revision,
          meta,
        }),
      );
      const entries = [...(this.audit.get(key) ?? []), structuredClone({ ...audit, revision })];
      this.audit.set(key, entries.slice(-SHEET_HISTORY_LIMIT));
    }
  }

  async history<K extends StatementKind>(isin: string, kind: K): Promise<SheetRevision<K>[]> {
    return [...((this.audit.get(`${isin}#${kind}`) ?? []) as SheetRevision<K>[])].reverse();
  }
}
