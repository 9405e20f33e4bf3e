/**
 * Seeded randomness for the simulated market. Every draw comes from a generator seeded by the
 * instrument's symbol and a day (and a stream: daily or intraday), so any day can be produced on
 * its own without replaying the days before it — prices stay a pure function of (instrument, time).
 */

/** cyrb128 (bryc, public domain): a fast 128-bit string hash, used only to seed sfc32. */
export function cyrb128(text: string): Seed {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i += 1) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** The 128-bit state a generator starts from. */
export type Seed = readonly [number, number, number, number];

/** murmur3's 32-bit finaliser: spreads an integer's bits over the whole word. */
function fmix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator) with Box–Muller normals. A 128-bit
 * state (rather than mulberry32's 32 bits) keeps the many per-day streams of one instrument from
 * colliding; a class rather than closures because builds create one per simulated day.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare = Number.NaN;

  constructor(seed: Seed) {
    [this.a, this.b, this.c, this.d] = seed;
    // Mix the seed through the state before the first draw (sfc32's recommended warm-up).
    for (let i = 0; i < 12; i += 1) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Standard normal (mean 0, variance 1). */
  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const value = this.spare;
      this.spare = Number.NaN;
      return value;
    }
    // 1 − u keeps the logarithm's argument in (0, 1].
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    const angle = 2 * Math.PI * this.next();
    this.spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }
}

/** A generator seeded by a string, e.g. `${symbol}|${date}`. */
export function createRng(seed: string): Rng {
  return new Rng(cyrb128(seed));
}

/**
 * The seed of stream `stream` of day `day` under a base seed (cyrb128 of the symbol): the same as
 * hashing `${symbol}|${day}|${stream}` in effect — any day is reachable directly — but without
 * formatting and hashing a string for each of an instrument's ten thousand days.
 */
export function daySeed(base: Seed, day: number, stream = 0): Seed {
  const x = fmix32(Math.imul(day, 0x9e3779b1) ^ fmix32(stream + 0x632be5ab));
  const y = fmix32(x ^ 0x5bd1e995);
  return [base[0] ^ x, base[1] ^ y, base[2] ^ fmix32(y ^ stream), base[3] ^ fmix32(x + y)];
}
