/** Entries may also be held to a total weight (e.g. bytes), for values of very different sizes. */
export interface LruWeights<V> {
  /** The most all entries may weigh together; the most recently used one is never evicted. */
  readonly max: number;
  readonly weigh: (value: V) => number;
}

interface Entry<V> {
  readonly value: V;
  weight: number;
}

/** A small least-recently-used cache on Map's insertion order. */
export class LruCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private total = 0;

  constructor(
    private readonly capacity: number,
    private readonly weights?: LruWeights<V>,
  ) {
    if (!(capacity >= 1)) throw new RangeError('LRU capacity must be at least 1');
  }

  get size(): number {
    return this.entries.size;
  }

  /** Total weight of the entries (0 without weights). */
  get weight(): number {
    return this.total;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      // Re-insert so the entry becomes the most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry?.value;
  }

  getOrCreate(key: K, create: () => V): V {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const value = create();
    const weight = this.weights?.weigh(value) ?? 0;
    this.entries.set(key, { value, weight });
    this.total += weight;
    this.evict();
    return value;
  }

  /** Weighs an entry again after it grew or shrank in place, evicting others if now too heavy. */
  reweigh(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined || this.weights === undefined) return;
    const weight = this.weights.weigh(entry.value);
    this.total += weight - entry.weight;
    entry.weight = weight;
    this.evict();
  }

  private evict(): void {
    const max = this.weights?.max ?? Infinity;
    while (this.entries.size > this.capacity || (this.entries.size > 1 && this.total > max)) {
      const oldest = this.entries.entries().next();
      if (oldest.done) return;
      this.entries.delete(oldest.value[0]);
      this.total -= oldest.value[1].weight;
    }
  }
}
