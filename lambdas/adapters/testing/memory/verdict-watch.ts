import type {
  PendingCheck,
  SeenVerdict,
  SeenVerdicts,
  VerdictChecks,
  VerdictHolders,
} from '../../../ports/verdict-watch';

/** The marks in memory (unit tests), with the DynamoDB store's token-conditional clear. */
export class InMemoryVerdictChecks implements VerdictChecks {
  readonly marks = new Map<string, string>();
  private next = 0;

  async mark(symbols: readonly string[]): Promise<void> {
    for (const symbol of symbols) {
      this.next += 1;
      this.marks.set(symbol.toUpperCase(), `t${this.next}`);
    }
  }

  async *pending(): AsyncIterable<readonly PendingCheck[]> {
    const page = [...this.marks].map(([symbol, token]) => ({ symbol, token }));
    if (page.length > 0) yield page;
  }

  async done({ symbol, token }: PendingCheck): Promise<void> {
    if (this.marks.get(symbol) === token) this.marks.delete(symbol);
  }
}

/** The last verdicts seen in memory, with the versioned conditional write. */
export class InMemorySeenVerdicts implements SeenVerdicts {
  readonly records = new Map<string, SeenVerdict>();

  async read(symbol: string): Promise<SeenVerdict | undefined> {
    return this.records.get(symbol);
  }

  async write(next: SeenVerdict, expectedVersion: number): Promise<boolean> {
    if ((this.records.get(next.symbol)?.version ?? 0) !== expectedVersion) return false;
    this.records.set(next.symbol, { ...next, version: expectedVersion + 1 });
    return true;
  }
}

/** The holders index in memory. */
export class InMemoryVerdictHolders implements VerdictHolders {
  readonly index = new Map<string, Set<string>>();

  async add(sub: string, symbols: readonly string[]): Promise<void> {
    for (const symbol of symbols) {
      const key = symbol.toUpperCase();
      this.index.set(key, (this.index.get(key) ?? new Set()).add(sub));
    }
  }

  async *holders(symbol: string): AsyncIterable<readonly string[]> {
    const subs = [...(this.index.get(symbol.toUpperCase()) ?? [])];
    if (subs.length > 0) yield subs;
  }

  async remove(sub: string, symbol: string): Promise<void> {
    this.index.get(symbol.toUpperCase())?.delete(sub);
  }
}
