import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { launchChromium } from '../test/browser/chromium';
import type { BenchChartMode } from './chart-harness';
import { percentile, type Figure } from './figures';

const HARNESS = fileURLToPath(new URL('./chart-harness.ts', import.meta.url));
const WARM_UP = 3;
const RUNS = 15;
/** Product target: the ALL chart draws within about three frames. */
const TARGET_MS = 50;

// The detail page's chart box at a 1280 px viewport, with the theme's light colours.
const PAGE = `<!doctype html><html><head><style>
:root { --fg: #111827; --muted: #4b5563; --border: #e5e7eb; --accent: #0f766e;
  --surface: #f9fafb; --up: #047857; --down: #b91c1c; font-family: system-ui, sans-serif; }
body { margin: 0; } #host { position: relative; width: 1216px; height: 360px; }
</style></head><body><div id="host"></div></body></html>`;

const MODES: readonly { mode: BenchChartMode; name: string }[] = [
  { mode: 'line', name: 'ALL line (10,000 bars, lttb decimation)' },
  { mode: 'candles', name: 'ALL candles (10,000 bars → months)' },
  { mode: 'compare', name: 'ALL compared with an index (2 × 10,000 bars)' },
];

/**
 * Render time of the ALL chart in headless Chromium: the SPA's chart configuration and chart.js
 * registration, bundled with esbuild into a bare page, timed from configuration to rasterised
 * pixels (`new Chart(...)` draws synchronously with animation off). p50 and worst of RUNS after
 * WARM_UP runs, plus the very first (cold) render.
 */
export async function benchChart(): Promise<Record<string, number>> {
  const bundle = await build({
    entryPoints: [HARNESS],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.setContent(PAGE);
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const run = (mode: BenchChartMode, runs: number) =>
      page.evaluate(([m, n]) => window.benchChart!(m, n), [mode, runs] as const);
    const figures: Record<string, number> = {
      'ALL line, first (cold) render': (await run('line', 1))[0]!,
    };
    for (const { mode, name } of MODES) {
      await run(mode, WARM_UP);
      const samples = (await run(mode, RUNS)).sort((a, b) => a - b);
      figures[`${name}, p50`] = percentile(samples, 50);
      figures[`${name}, worst of ${RUNS}`] = samples.at(-1)!;
    }
    return figures;
  } finally {
    await browser.close();
  }
}

/** The same figures in bench/run.ts's format; the p50s are held to TARGET_MS. */
export async function benchChartFigures(): Promise<Figure[]> {
  return Object.entries(await benchChart()).map(([name, value]) => ({
    name,
    value,
    unit: 'ms',
    ...(name.endsWith(', p50') ? { target: { op: '<=' as const, value: TARGET_MS } } : {}),
  }));
}
