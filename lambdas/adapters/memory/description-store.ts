import {
  DESCRIPTION_CONFLICT_MESSAGE,
  DESCRIPTION_HISTORY_LIMIT,
  type CuratedDescription,
  type DescriptionVersion,
} from '../../../core/curation/description';
import { Conflict } from '../../../core/domain-errors';
import type { DescriptionStore, DescriptionWrite } from '../../ports/description-store';

/** The description store in memory, with the DynamoDB adapter's semantics, for unit tests. */
export class InMemoryDescriptionStore implements DescriptionStore {
  private readonly curated = new Map<string, CuratedDescription>();
  private readonly audit = new Map<string, DescriptionVersion[]>();

  /** `ingested`: ISIN → the provider's description (the companies that exist). */
  constructor(private readonly ingested: ReadonlyMap<string, string>) {}

  async current(isin: string): Promise<CuratedDescription | undefined> {
    const text = this.ingested.get(isin);
    if (text === undefined) return undefined;
    return this.curated.get(isin) ?? { isin, text, version: 0, updatedAt: null, updatedBy: null };
  }

  async curatedText(isin: string): Promise<string | undefined> {
    return this.curated.get(isin)?.text;
  }

  async history(isin: string): Promise<DescriptionVersion[]> {
    return [...(this.audit.get(isin) ?? [])].reverse();
  }

  async entry(isin: string, version: number): Promise<DescriptionVersion | undefined> {
    return this.audit.get(isin)?.find((e) => e.version === version);
  }

  async write(change: DescriptionWrite): Promise<void> {
    const { isin, expectedVersion, before, after, updatedAt, updatedBy } = change;
    if ((this.curated.get(isin)?.version ?? 0) !== expectedVersion) {
      throw new Conflict(DESCRIPTION_CONFLICT_MESSAGE);
    }
    const version = expectedVersion + 1;
    this.curated.set(isin, { isin, text: after, version, updatedAt, updatedBy });
    const entries = [
      ...(this.audit.get(isin) ?? []),
      { isin, version, before, after, updatedAt, updatedBy },
    ];
    this.audit.set(isin, entries.slice(-DESCRIPTION_HISTORY_LIMIT));
  }
}
