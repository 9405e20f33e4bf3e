/**
 * Where a page's main thread goes on a phone-like CPU: loads the production build served as
 * `npm start` serves it, throttles Chromium's CPU 4× (as Lighthouse's mobile preset assumes),
 * records a CPU profile from navigation until the page is quiet, and prints the long tasks and the
 * functions with the most self time, mapped through the build's source maps to the sources.
 *
 *   node --import tsx bench/profile-page.ts [path ...]     (default: / and the first stock)
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map';
import { firstStockSymbol } from './first-stock';
import { startLocalStack } from '../infra/local/stack';
import { buildWeb } from '../infra/local/web-build';
import { launchChromium } from '../test/browser/chromium';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const QUIET_MS = Number(process.env.PROFILE_QUIET_MS ?? 6000);
const TOP = Number(process.env.PROFILE_TOP ?? 40);

async function consumerFor(
  dist: string,
  url: string,
  cache: Map<string, SourceMapConsumer | null>,
) {
  const file = url.replace(/^https?:\/\/[^/]+\//, '').split('?')[0]!;
  if (!file.endsWith('.js')) return null;
  if (!cache.has(file)) {
    try {
      const raw = JSON.parse(await readFile(join(dist, `${file}.map`), 'utf8')) as RawSourceMap;
      cache.set(file, await new SourceMapConsumer(raw));
    } catch {
      cache.set(file, null);
    }
  }
  return cache.get(file) ?? null;
}

async function main() {
  const workDir = await mkdtemp(join(tmpdir(), 'stockscope-profile-'));
  const dist = join(workDir, 'dist');
  await buildWeb({ outDir: dist, cacheDir: join(workDir, 'vite-cache') });
  const stack = await startLocalStack({
    port: 0,
    dataDir: join(workDir, 'data'),
    spa: 'built',
    webDist: dist,
    demoCount: 300,
  });
  const maps = new Map<string, SourceMapConsumer | null>();
  try {
    let paths = process.argv.slice(2);
    if (paths.length === 0) {
      paths = ['/', `/stocks/${encodeURIComponent(await firstStockSymbol(stack.url))}`];
    }
    const browser = await launchChromium();
    try {
      for (const path of paths) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const page = await context.newPage();
        page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
        page.on('console', (m) => m.type() === 'error' && console.log(`console: ${m.text()}`));
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.addInitScript(() => {
          const w = window as unknown as { __long: { start: number; duration: number }[] };
          w.__long = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries())
              w.__long.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
          }).observe({ type: 'longtask', buffered: true });
          // When the page's landmarks first appear, to set against the paints and the long tasks.
          const seen: Record<string, number> = {};
          (window as unknown as { __seen: Record<string, number> }).__seen = seen;
          const marks: Record<string, string> = {
            shell: '#root > *',
            placeholder: '.screen-loading',
            banner: '.demo-banner',
            heading: 'main h1',
          };
          new MutationObserver(() => {
            for (const [name, selector] of Object.entries(marks))
              if (!(name in seen) && document.querySelector(selector))
                seen[name] = Math.round(performance.now());
          }).observe(document, { childList: true, subtree: true });
        });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
        await page.goto(`${stack.url}${path}`, { waitUntil: 'load' });
        await page.waitForTimeout(QUIET_MS);
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
        const paint = await page.evaluate(() =>
          performance.getEntriesByType('paint').map((e) => `${e.name} ${Math.round(e.startTime)}`),
        );
        const long = await page.evaluate(
          () => (window as unknown as { __long: { start: number; duration: number }[] }).__long,
        );
        const seen = await page.evaluate(() => ({
          ...(window as unknown as { __seen: Record<string, number> }).__seen,
          ...Object.fromEntries(
            performance
              .getEntriesByType('resource')
              .filter((e) => /\/(assets|api)\//.test(e.name))
              .map((e) => [
                e.name.replace(/^https?:\/\/[^/]+/, '').replace(/-[\w-]{8}\.js$/, '.js'),
                Math.round((e as PerformanceResourceTiming).responseEnd),
              ]),
          ),
        }));
        console.log(`\n# ${path}\n${paint.join(', ')}`);
        console.log(
          `seen at (ms): ${Object.entries(seen)
            .sort((a, b) => a[1] - b[1])
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}`,
        );
        console.log(
          `long tasks (ms at 4×): ${long.map((t) => `${t.duration}@${t.start}`).join(' ')}`,
          `\nblocking over 50 ms: ${long.reduce((s, t) => s + Math.max(0, t.duration - 50), 0)}`,
        );
        if (process.env.PROFILE_SHOTS) {
          const name = path === '/' ? 'home' : path.replace(/\W+/g, '_');
          await page.screenshot({ path: join(process.env.PROFILE_SHOTS, `${name}.png`) });
        }
        await report(profile, dist, maps);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  } finally {
    await stack.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Self time per source location (and per source file), largest first. */
async function report(profile: Profile, dist: string, maps: Map<string, SourceMapConsumer | null>) {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (!us) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    let where = url ? `${url.replace(/^https?:\/\/[^/]+/, '')}:${lineNumber + 1}` : '';
    let name = functionName || '(anonymous)';
    let file = url ? url.replace(/^https?:\/\/[^/]+/, '') : functionName;
    const consumer = url ? await consumerFor(dist, url, maps) : null;
    if (consumer) {
      const pos = consumer.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
      if (pos.source) {
        file = pos.source.replace(/^(\.\.\/)+/, '');
        where = `${file}:${pos.line}`;
        name = pos.name ?? name;
      }
    }
    const key = `${name}  ${where}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
    byFile.set(file, (byFile.get(file) ?? 0) + us);
  }
  const print = (title: string, m: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.log(`${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`);
  };
  print('self time by file (ms at 4×)', byFile);
  print('self time by function', byFn);
  await busyPeriods(profile, dist, maps);
}

/**
 * The profile's busy stretches (samples between two idle ones) over 50 ms: the long tasks, each
 * with the source files that spent its time, so a long task can be read without a trace viewer.
 */
async function busyPeriods(
  profile: Profile & { startTime: number },
  dist: string,
  maps: Map<string, SourceMapConsumer | null>,
) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const idle = new Set(
    profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
  );
  let t = profile.startTime;
  let start = -1;
  let files = new Map<string, number>();
  let fns = new Map<string, number>();
  console.log('\nbusy stretches over 50 ms (start ms from profile start: duration, top files)');
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += profile.timeDeltas[i] ?? 0;
    const id = profile.samples[i]!;
    if (idle.has(id)) {
      if (start >= 0 && t - start > 50_000) {
        const top = [...files].sort((a, b) => b[1] - a[1]).slice(0, 6);
        console.log(
          `${((start - profile.startTime) / 1000).toFixed(0).padStart(6)}: ${((t - start) / 1000).toFixed(0)} ms  ` +
            top.map(([f, us]) => `${f} ${(us / 1000).toFixed(0)}`).join(', '),
        );
        const topFns = [...fns].sort((a, b) => b[1] - a[1]).slice(0, 10);
        console.log(
          `        ${topFns.map(([f, us]) => `${f} ${(us / 1000).toFixed(1)}`).join(' | ')}`,
        );
      }
      start = -1;
      files = new Map();
      fns = new Map();
      continue;
    }
    if (start < 0) start = t;
    const frame = nodes.get(id)!.callFrame;
    let file = frame.url ? frame.url.replace(/^https?:\/\/[^/]+/, '') : frame.functionName;
    const consumer = frame.url ? await consumerFor(dist, frame.url, maps) : null;
    const pos = consumer?.originalPositionFor({
      line: frame.lineNumber + 1,
      column: frame.columnNumber,
    });
    const source = pos?.source;
    if (source)
      file = source
        .replace(/^(\.\.\/)+/, '')
        .replace(/^work\/wt\/[^/]+\//, '')
        .replace(/^node_modules\//, '~');
    const us = profile.timeDeltas[i + 1] ?? 0;
    files.set(file, (files.get(file) ?? 0) + us);
    const fn = `${pos?.name ?? frame.functionName}@${file.split('/').at(-1)}:${pos?.line ?? frame.lineNumber + 1}`;
    fns.set(fn, (fns.get(fn) ?? 0) + us);
  }
}

await main();
