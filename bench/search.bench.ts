import uFuzzy from '@leeoniya/ufuzzy';
import Fuse from 'fuse.js';
import { createSearchIndex, toSearchOption } from '../core/search';
import { percentile, type Figure } from './figures';
import { searchUniverse } from './search-universe';

/** Keystroke sequences: tickers and company names typed letter by letter, as a visitor does. */
function keystrokes(entries: readonly { symbol: string; name: string }[], words: number): string[] {
  const terms: string[] = [];
  for (let i = 0; i < words; i += 1) {
    const entry = entries[(i * 7_919) % entries.length]!;
    const word = i % 2 === 0 ? entry.symbol.split('.')[0]! : entry.name.split(' ')[0]!;
    for (let end = 1; end <= word.length; end += 1) terms.push(word.slice(0, end));
  }
  return terms;
}

function timeEach(terms: readonly string[], run: (term: string) => unknown): number[] {
  const times = terms.map((term) => {
    const started = performance.now();
    run(term);
    return performance.now() - started;
  });
  return times.sort((a, b) => a - b);
}

/**
 * The header search over a 70,000-entry universe: core's index per keystroke (p50/p95), and the
 * same keystrokes with fuse.js and uFuzzy on the same list in the same run. fuse.js takes ~0.2 s
 * a keystroke, so the libraries run a sample of the keystrokes and the ratios use that sample.
 */
export async function benchSearch(): Promise<Figure[]> {
  const entries = searchUniverse();
  const buildStarted = performance.now();
  const index = createSearchIndex(entries);
  index.search('ab'); // builds the bigram lists, as the first two-letter keystroke would
  const build = performance.now() - buildStarted;

  const all = keystrokes(entries, 400);
  const core = timeEach(all, (term) => index.search(term));

  const sample = keystrokes(entries, 12);
  // A fresh index, so core's remembered short terms give it no head start over the libraries.
  const fresh = createSearchIndex(entries);
  fresh.search('ab');
  const coreSample = timeEach(sample, (term) => fresh.search(term));
  const options = entries.map(toSearchOption);
  const fuse = new Fuse(options, { keys: ['value', 'label'], threshold: 0.3 });
  const fuseTimes = timeEach(sample, (term) => fuse.search(term, { limit: 10 }));
  const haystack = options.map((o) => `${o.value} ${o.label}`);
  const uf = new uFuzzy();
  const ufTimes = timeEach(sample, (term) => uf.search(haystack, term));
  await Promise.resolve();

  return [
    { name: 'search index build + bigrams (70,000 entries)', value: build, unit: 'ms' },
    {
      name: `core search p50 per keystroke (${all.length} keystrokes)`,
      value: percentile(core, 50),
      unit: 'ms',
    },
    {
      name: 'core search p95 per keystroke',
      value: percentile(core, 95),
      unit: 'ms',
      target: { op: '<=', value: 1 },
    },
    {
      name: `fuse.js p95 (same ${sample.length}-keystroke sample)`,
      value: percentile(fuseTimes, 95),
      unit: 'ms',
    },
    { name: 'uFuzzy p95 (same sample)', value: percentile(ufTimes, 95), unit: 'ms' },
    { name: 'core p95 (same sample)', value: percentile(coreSample, 95), unit: 'ms' },
    {
      name: 'fuse.js / core, p95 (same sample)',
      value: percentile(fuseTimes, 95) / percentile(coreSample, 95),
      unit: '×',
    },
    {
      name: 'uFuzzy / core, p95 (same sample)',
      value: percentile(ufTimes, 95) / percentile(coreSample, 95),
      unit: '×',
    },
  ];
}
