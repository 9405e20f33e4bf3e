import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { decodeStockList, type CompactStockList } from '../core/stock-list';
import { startLocalStack } from '../infra/local/stack';
import { CHROMIUM_PATH } from '../test/browser/chromium';
import type { Figure } from './figures';

const WEB_ROOT = fileURLToPath(new URL('../web/', import.meta.url));

/** Gzipped bytes of the JavaScript the browser must fetch before '/' can render. */
async function initialJsGzip(): Promise<number> {
  const dist = join(WEB_ROOT, 'dist');
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

async function lighthouseScores(
  url: string,
): Promise<{ performance: number; accessibility: number }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
    });
    const categories = result?.lhr.categories;
    return {
      performance: (categories?.performance?.score ?? 0) * 100,
      accessibility: (categories?.accessibility?.score ?? 0) * 100,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * The public site as a visitor's phone meets it: the initial JavaScript of '/', and Lighthouse's
 * mobile performance and accessibility scores for '/' and a stock detail page, served as
 * production serves it (the built SPA; the same APIs).
 */
export async function benchWeb(): Promise<Figure[]> {
  await build({ configFile: join(WEB_ROOT, 'vite.config.ts'), logLevel: 'warn' });
  const figures: Figure[] = [
    {
      name: "initial JS for '/' (gzip)",
      value: (await initialJsGzip()) / 1024,
      unit: 'KB',
      target: { op: '<=', value: 150 },
    },
  ];
  const dataDir = await mkdtemp(join(tmpdir(), 'stockscope-bench-web-'));
  const stack = await startLocalStack({ port: 0, dataDir, spa: 'built', demoCount: 300 });
  try {
    const list = (await (await fetch(`${stack.url}/api/asset/stocks/list?all=true`)).json()) as {
      data: [CompactStockList];
    };
    const symbol = decodeStockList(list.data[0])[0]!.symbol;
    for (const [page, path] of [
      ['/', '/'],
      ['detail', `/stocks/${encodeURIComponent(symbol)}`],
    ] as const) {
      const scores = await lighthouseScores(`${stack.url}${path}`);
      figures.push(
        {
          name: `Lighthouse mobile performance, ${page}`,
          value: scores.performance,
          unit: 'score',
          target: { op: '>=', value: 95 },
        },
        {
          name: `Lighthouse mobile accessibility, ${page}`,
          value: scores.accessibility,
          unit: 'score',
          target: { op: '>=', value: 95 },
        },
      );
    }
    return figures;
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
