/// <reference lib="dom" />
/**
 * Browser entry of bench/chart.bench.ts, bundled with esbuild: the SPA's own chart configuration
 * builder and chart.js registration, drawing the ALL timeframe (≈ 10,000 daily bars) into a
 * canvas the size of the detail page's chart.
 */
import { buildChartConfig, type ChartInput } from '../web/src/components/chart/chart-config';
import { readChartTheme } from '../web/src/components/chart/chart-theme';
import { Chart } from '../web/src/components/chart/register-chart';
import { syntheticDailyBars } from '../web/src/components/chart/synthetic-bars';

export type BenchChartMode = 'line' | 'candles' | 'compare';

declare global {
  interface Window {
    /** Renders the ALL chart `runs` times; each run's ms from configuration to drawn pixels. */
    benchChart?: (mode: BenchChartMode, runs: number) => number[];
  }
}

/** 40 years of weekday bars: what ALL answers for an index (§3: from 40 years ago). */
const ALL_BARS = 10_000;
const stock = syntheticDailyBars(ALL_BARS, new Date(1986, 0, 6), 1);
const index = syntheticDailyBars(ALL_BARS, new Date(1986, 0, 6), 2);

function renderOnce(mode: BenchChartMode): number {
  const host = document.getElementById('host')!;
  const canvas = document.createElement('canvas');
  host.replaceChildren(canvas);
  const input: ChartInput = {
    points: stock,
    mode: mode === 'candles' ? 'candles' : 'line',
    intraday: false,
    label: 'ACME',
    currency: 'USD',
    theme: readChartTheme(host),
    width: host.clientWidth,
    ...(mode === 'compare' ? { compare: { label: 'NASDAQ', points: index } } : {}),
  };
  const start = performance.now();
  const chart = new Chart(canvas, buildChartConfig(input).config);
  // Reading a pixel waits for the drawing commands to be rasterised, not just recorded.
  canvas.getContext('2d')!.getImageData(0, 0, 1, 1);
  const ms = performance.now() - start;
  chart.destroy();
  return ms;
}

window.benchChart = (mode, runs) => Array.from({ length: runs }, () => renderOnce(mode));
