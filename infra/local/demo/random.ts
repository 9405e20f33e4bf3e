/**
 * The demo universe's own seeded pseudo-random numbers: the xmur3 string hash seeds an sfc32
 * generator (both public-domain, 32-bit, fast and well distributed). Everything the demo universe
 * draws comes from here, so a seed string fixes the whole universe.
 */

export type Range = readonly [number, number];

/** xmur3: a string hash that yields a stream of 32-bit seeds. */
function xmur3(text: string): () => number {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return h >>> 0;
  };
}

/** sfc32 (Small Fast Counting): uniform floats in [0, 1). */
function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

export class Random {
  private readonly source: () => number;
  private spareNormal: number | undefined;

  constructor(readonly seed: string) {
    const hash = xmur3(seed);
    this.source = sfc32(hash(), hash(), hash(), hash());
    for (let i = 0; i < 12; i++) this.source(); // let the state mix before the first draw
  }

  /** A uniform float in [0, 1). */
  next(): number {
    return this.source();
  }

  /** A uniform float in [min, max). */
  float(min: number, max: number): number {
    return min + (max - min) * this.source();
  }

  /** A uniform float within a [min, max] range. */
  between(range: Range): number {
    return this.float(range[0], range[1]);
  }

  /** A uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.source() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.source() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.source() * items.length)];
    if (item === undefined) throw new Error('Random.pick needs a non-empty list');
    return item;
  }

  /** Picks a value with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let target = this.source() * total;
    for (const [value, weight] of entries) {
      target -= weight;
      if (target < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (last === undefined) throw new Error('Random.weighted needs a non-empty list');
    return last[0];
  }

  /** A normal variate (Box–Muller, the second value is kept for the next call). */
  normal(mean = 0, sd = 1): number {
    if (this.spareNormal !== undefined) {
      const z = this.spareNormal;
      this.spareNormal = undefined;
      return mean + sd * z;
    }
    const u = 1 - this.source(); // (0, 1]
    const v = this.source();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = r * Math.sin(2 * Math.PI * v);
    return mean + sd * r * Math.cos(2 * Math.PI * v);
  }

  /** A float whose logarithm is uniform in [log min, log max). */
  logUniform(min: number, max: number): number {
    return Math.exp(this.float(Math.log(min), Math.log(max)));
  }

  /** A Fisher–Yates shuffled copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.source() * (i + 1));
      const a = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = a;
    }
    return copy;
  }

  /** An independent stream named after this one, so adding draws here never shifts the child. */
  fork(label: string): Random {
    return new Random(`${this.seed}/${label}`);
  }
}

export function createRandom(seed: string): Random {
  return new Random(seed);
}
