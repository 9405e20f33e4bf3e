/**
 * `npm run bench`: runs every benchmark, prints each figure against its target and writes
 * bench/results.json. Figures, not pass/fail tests: a missed target is reported, not thrown.
 */
import '../bin/local-env';
import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { meets, type Figure } from './figures';
import { benchAlerts } from './alerts.bench';
import { benchAssetApi } from './asset-api.bench';
import { benchBundles } from './bundles.bench';
import { benchChartFigures } from './chart.bench';
import { benchConsoleScreens } from './console-screens.bench';
import { benchDemoUniverse } from './demo-universe.bench';
import { benchLocalStack } from './local-stack.bench';
import { benchPortfolioSummary } from './portfolio-summary.bench';
import { benchSearch } from './search.bench';
import { benchSearchPaint } from './search-paint.bench';
import { benchScreener } from './screener.bench';
import { benchSheetImport } from './sheet-import.bench';
import { benchStampede } from './stampede.bench';
import { benchStockList } from './stock-list.bench';
import { benchWeb } from './web.bench';
import { benchWatchlistQuotes } from './watchlist-quotes.bench';
import { benchWebhook } from './webhook.bench';
import { benchSimulatedMarketFigures } from './simulated-market.bench';

const suites: Record<string, () => Promise<Figure[]>> = {
  'local stack': benchLocalStack,
  'simulated market': benchSimulatedMarketFigures,
  'demo universe generation': benchDemoUniverse,
  search: benchSearch,
  'search paint (Chromium, 70,000 stocks)': benchSearchPaint,
  'price alerts (100,000 alerts over the universe)': benchAlerts,
  'screener (random filters over the demo universe)': benchScreener,
  'stock list payload': benchStockList,
  'asset API throughput': benchAssetApi,
  'dashboard watchlist quotes (5 lists × 50 symbols, one request)': benchWatchlistQuotes,
  'stock-list stampede (200 connections, 60 s, two cache expiries)': benchStampede,
  'payment webhook (DynamoDB Local, 1,000 events)': benchWebhook,
  'sheet CSV import (200 companies × 10 years)': benchSheetImport,
  'portfolio summary (200 holdings, 5,000 transactions)': benchPortfolioSummary,
  'slow screens (console, screener, portal; cold and warm)': benchConsoleScreens,
  'lambda bundles': benchBundles,
  'public site (web)': benchWeb,
  'price chart (Chromium)': benchChartFigures,
};

const only = process.argv.slice(2);
const results: Record<string, Figure[]> = {};
for (const [suite, run] of Object.entries(suites)) {
  if (only.length > 0 && !only.some((o) => suite.includes(o))) continue;
  console.log(`\n# ${suite}`);
  const figures = await run();
  results[suite] = figures;
  for (const figure of figures) {
    const verdict = meets(figure);
    const target = figure.target
      ? `  (target ${figure.target.op} ${figure.target.value} ${figure.unit})`
      : '';
    const mark = verdict === undefined ? ' ' : verdict ? '✓' : '✗';
    console.log(
      `${mark} ${figure.name.padEnd(48)} ${figure.value.toFixed(2).padStart(10)} ${figure.unit}${target}`,
    );
  }
}

const report = {
  at: new Date().toISOString(),
  machine: { node: process.version, cpus: cpus().length, model: cpus()[0]?.model },
  results,
};
await writeFile(new URL('./results.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
console.log('\nWritten to bench/results.json');
