import { readFile } from 'node:fs/promises';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstStockSymbol } from './first-stock';
import { startEdge } from '../infra/local/edge';
import { startLocalStack } from '../infra/local/stack';
import { buildWeb } from '../infra/local/web-build';
import { launchChromium } from '../test/browser/chromium';
import { runLighthouse } from './lighthouse-run';
import { percentile } from './figures';
import type { Page } from 'playwright-core';
import type { Figure } from './figures';

/** Gzipped bytes of the JavaScript the browser must fetch before '/' can render. */
async function initialJsGzip(dist: string): Promise<number> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  // The entry module and the modules Vite preloads with it: what '/' needs up front.
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  let total = 0;
  for (const src of new Set(scripts)) {
    total += gzipSync(await readFile(join(dist, src.replace(/^\//, '')))).length;
  }
  return total;
}

/**
 * With LIGHTHOUSE_REPORT_DIR set, each run's full Lighthouse result (its trace's diagnostics:
 * bootup-time, mainthread-work-breakdown, long-tasks, the LCP element) is written there as JSON.
 */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
/** LIGHTHOUSE_PAGES=home or =detail measures that page only (while working on one). */
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',');
/** Lighthouse runs per page; the median is the figure held to the target (one run swings with load). */
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/**
 * LIGHTHOUSE_HTTP1=1 measures the local server itself (HTTP/1.1), not through the edge: what the
 * protocol alone is worth.
 */
const OVER_HTTP1 = process.env.LIGHTHOUSE_HTTP1 === '1';

async function lighthouseScores(
  url: string,
  reportName: string,
  trustSpki: string | undefined,
): Promise<{ performance: number; accessibility: number }> {
  const lhr = await runLighthouse(url, undefined, trustSpki);
  if (REPORT_DIR) {
    await mkdir(REPORT_DIR, { recursive: true });
    await writeFile(join(REPORT_DIR, `${reportName}.json`), JSON.stringify(lhr));
  }
  const categories = lhr.categories;
  return {
    performance: (categories.performance?.score ?? 0) * 100,
    accessibility: (categories.accessibility?.score ?? 0) * 100,
  };
}

/**
 * The public site as a visitor's phone meets it: the initial JavaScript of '/', and Lighthouse's
 * mobile performance and accessibility scores for '/' and a stock detail page, served as
 * production serves it: the built SPA and the same APIs, compressed, through an edge that speaks
 * TLS and HTTP/2 as CloudFront does (infra/local/edge.ts).
 */
export async function benchWeb(): Promise<Figure[]> {
  // A build of its own: a product running from this checkout keeps serving web/dist.
  const workDir = await mkdtemp(join(tmpdir(), 'stockscope-bench-web-'));
  const webDist = join(workDir, 'dist');
  await buildWeb({ outDir: webDist, cacheDir: join(workDir, 'vite-cache') });
  const figures: Figure[] = [
    {
      name: "initial JS for '/' (gzip)",
      value: (await initialJsGzip(webDist)) / 1024,
      unit: 'KB',
      target: { op: '<=', value: 150 },
    },
  ];
  const dataDir = join(workDir, 'data');
  const stack = await startLocalStack({ port: 0, dataDir, spa: 'built', webDist, demoCount: 300 });
  const edge = OVER_HTTP1 ? undefined : await startEdge(stack.url);
  try {
    const symbol = await firstStockSymbol(stack.url);
    const pages = [
      ['/', '/', 'home'],
      ['detail', `/stocks/${encodeURIComponent(symbol)}`, 'detail'],
    ] as const;
    for (const [page, path, reportName] of pages.filter(
      ([, , name]) => !ONLY_PAGES || ONLY_PAGES.includes(name),
    )) {
      const runs: { performance: number; accessibility: number }[] = [];
      for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
        runs.push(
          await lighthouseScores(
            `${edge?.url ?? stack.url}${path}`,
            `${reportName}-${run}`,
            edge?.spkiSha256,
          ),
        );
      }
      const median = (key: 'performance' | 'accessibility') =>
        percentile(
          runs.map((r) => r[key]).sort((a, b) => a - b),
          50,
        );
      figures.push(
        ...runs.map((r, i) => ({
          name: `Lighthouse mobile performance, ${page}, run ${i + 1}`,
          value: r.performance,
          unit: 'score',
        })),
        {
          name: `Lighthouse mobile performance, ${page} (median of ${runs.length})`,
          value: median('performance'),
          unit: 'score',
          target: { op: '>=', value: 95 },
        },
        {
          name: `Lighthouse mobile accessibility, ${page} (median of ${runs.length})`,
          value: median('accessibility'),
          unit: 'score',
          target: { op: '>=', value: 100 },
        },
      );
    }
    figures.push(...(await interactions(stack.url, symbol)));
    return figures;
  } finally {
    await edge?.stop();
    await stack.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

const measures = (page: Page, name: string) =>
  page.evaluate((n) => performance.getEntriesByName(n).map((e) => e.duration), name);

/**
 * Drawing the ALL chart (≈ 10,000 daily bars) in the page, timed in Chromium by the SPA's own User
 * Timing measure. The other interaction the site keeps fast, the search dropdown's paint, is its
 * own suite (search-paint.bench.ts).
 */
async function interactions(baseUrl: string, symbol: string): Promise<Figure[]> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/stocks/${encodeURIComponent(symbol)}`);
    const chart = page.getByTestId('price-chart');
    const all: number[] = [];
    for (let run = 0; run < 6; run += 1) {
      await page.getByRole('radio', { name: '5Y', exact: true }).click();
      await chart.waitFor();
      const before = (await measures(page, 'stockscope:chart-render')).length;
      await page.getByRole('radio', { name: 'ALL', exact: true }).click();
      await page.waitForFunction(
        (count) => performance.getEntriesByName('stockscope:chart-render').length > count,
        before,
      );
      all.push((await measures(page, 'stockscope:chart-render')).at(-1)!);
    }
    all.sort((a, b) => a - b);

    return [
      {
        name: 'ALL chart render, p50 of 6',
        value: percentile(all, 50),
        unit: 'ms',
        target: { op: '<=', value: 50 },
      },
      { name: 'ALL chart render, worst of 6', value: all.at(-1)!, unit: 'ms' },
    ];
  } finally {
    await browser.close();
  }
}
