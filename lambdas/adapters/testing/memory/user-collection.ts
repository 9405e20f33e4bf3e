import type { CollectionChange, UserCollection } from '../../../ports/user-collection';

/** A user's collection as kept: the items under the port's field name, and their version. */
export type KeptCollection<K extends string, T> = Readonly<Record<K, readonly T[]>> & {
  readonly version: number;
};

/** A user's collection in memory (unit tests), versioned as the DynamoDB item is. */
export class InMemoryUserCollection<K extends string, T> implements UserCollection<K, T> {
  readonly items = new Map<string, KeptCollection<K, T>>();

  constructor(private readonly attribute: K) {}

  async list(sub: string): Promise<readonly T[]> {
    return this.items.get(sub)?.[this.attribute] ?? [];
  }

  async change<R>(
    sub: string,
    change: (items: readonly T[]) => CollectionChange<K, T, R>,
  ): Promise<R> {
    const current = this.items.get(sub);
    const next = change(current?.[this.attribute] ?? []);
    const items = next[this.attribute] as readonly T[] | undefined;
    if (items) this.keep(sub, items, (current?.version ?? 0) + 1);
    return next.result;
  }

  protected keep(sub: string, items: readonly T[], version: number): void {
    this.items.set(sub, { [this.attribute]: items, version } as KeptCollection<K, T>);
  }
}
