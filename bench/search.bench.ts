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

/** Milliseconds per call, sorted. */
function timeEach(terms: readonly string[], run: (term: string) => unknown): number[] {
  const times = terms.map((term) => {
    const started = performance.now();
    run(term);
    return performance.now() - started;
  });
  return times.sort((a, b) => a - b);
}

const ms = (name: string, value: number, target?: number): Figure =>
  target === undefined
    ? { name, value, unit: 'ms' }
    : { name, value, unit: 'ms', target: { op: '<=', value: target } };

/**
 * The header search over a 70,000-entry universe: core's index per keystroke (p50/p95, what the
 * search box asks: the best 10 and the total), and the same keystrokes with fuse.js and uFuzzy on
 * the same list in the same run. fuse.js takes ~0.25 s a keystroke, so the libraries and core run
 * a sample of the keystrokes for the comparison, each on its own fresh index.
 */
export async function benchSearch(): Promise<Figure[]> {
  const entries = searchUniverse();
  const buildStarted = performance.now();
  const index = createSearchIndex(entries);
  const build = performance.now() - buildStarted;

  const typed = keystrokes(entries, 400);
  const core = timeEach(typed, (term) => index.search(term));
  // Whole words at once (pasted, or typed faster than the debounce): no narrowing to lean on.
  const words = [...new Set(keystrokes(entries, 800).filter((t) => t.length >= 3))];
  const pasted = timeEach(words, (term) => index.search(term));
  const enter = timeEach(words.slice(0, 400), (term) => index.pick(term));

  const sample = keystrokes(entries, 12);
  const fresh = createSearchIndex(entries);
  const coreSample = timeEach(sample, (term) => fresh.search(term));
  const options = entries.map(toSearchOption);
  const fuse = new Fuse(options, { keys: ['value', 'label'], threshold: 0.3 });
  const fuseTimes = timeEach(sample, (term) => fuse.search(term, { limit: 10 }));
  const haystack = options.map((o) => `${o.value} ${o.label}`);
  const uf = new uFuzzy();
  const ufTimes = timeEach(sample, (term) => uf.search(haystack, term));
  await Promise.resolve();

  const p50 = (times: number[]) => percentile(times, 50);
  const p95 = (times: number[]) => percentile(times, 95);
  return [
    ms('search index build, posting lists included (70,000 entries)', build),
    {
      name: 'search posting lists (memory)',
      value: (index.indexEntries * 4) / 1_048_576,
      unit: 'MiB',
    },
    ms(`core search p50 per keystroke (${typed.length} keystrokes)`, p50(core)),
    ms('core search p95 per keystroke', p95(core), 1),
    ms(`core search p95, ${words.length} words pasted whole`, p95(pasted)),
    ms('core Enter pick (whole list) p95', p95(enter)),
    ms(`core p50 (same ${sample.length}-keystroke sample as the libraries)`, p50(coreSample)),
    ms('core p95 (same sample)', p95(coreSample), 1),
    ms('fuse.js p50 (same sample)', p50(fuseTimes)),
    ms('fuse.js p95 (same sample)', p95(fuseTimes)),
    ms('uFuzzy p50 (same sample)', p50(ufTimes)),
    ms('uFuzzy p95 (same sample)', p95(ufTimes)),
    {
      name: 'fuse.js / core, p95 (same sample)',
      value: p95(fuseTimes) / p95(coreSample),
      unit: '×',
    },
    { name: 'uFuzzy / core, p95 (same sample)', value: p95(ufTimes) / p95(coreSample), unit: '×' },
    {
      name: 'fuse.js / core, p50 (same sample)',
      value: p50(fuseTimes) / p50(coreSample),
      unit: '×',
    },
    { name: 'uFuzzy / core, p50 (same sample)', value: p50(ufTimes) / p50(coreSample), unit: '×' },
  ];
}
