import { describe, expect, it } from 'vitest';
import { BAR_LIMIT } from './aggregate';
import { buildChartConfig, type ChartInput } from './chart-config';
import { FALLBACK_THEME } from './chart-theme';
import { syntheticDailyBars } from './synthetic-bars';

const input = (overrides: Partial<ChartInput> = {}): ChartInput => ({
  points: syntheticDailyBars(60),
  mode: 'line',
  intraday: false,
  label: 'ACME',
  theme: FALLBACK_THEME,
  width: 1000,
  ...overrides,
});

// The parts of the configuration these tests read (chart.js's own types are a wide union).
interface Shape {
  data: { datasets: { type: string; data: unknown[]; label: string; yAxisID: string }[] };
  options: {
    parsing: boolean;
    interaction: { mode: string };
    scales: { x: { type: string; offset: boolean }; y: { title: { display: boolean } } };
    plugins: { decimation: { enabled: boolean; algorithm: string; samples: number } };
  };
}
const shape = (config: unknown) => config as Shape;

describe('chart configuration', () => {
  it('draws a short line over volume on a gapless axis, every bar kept', () => {
    const plan = buildChartConfig(input({ currency: 'USD' }));
    const { data, options } = shape(plan.config);
    expect(data.datasets.map((d) => [d.type, d.yAxisID])).toEqual([
      ['line', 'y'],
      ['bar', 'volume'],
      ['bar', 'volume'],
    ]);
    expect(data.datasets[0]!.data).toHaveLength(60);
    // Every bar's volume once, in the up series or the down one.
    expect(data.datasets[1]!.data.length + data.datasets[2]!.data.length).toBe(60);
    expect(options.scales.x.type).toBe('timeseries');
    expect(options.plugins.decimation.enabled).toBe(false);
    expect(options.parsing).toBe(false);
    expect(options.interaction.mode).toBe('priceBar');
    expect(options.scales.y.title.display).toBe(true);
    expect(plan.drawn).toBe(60);
  });

  it('decimates ALL (10,000 bars) with lttb on a time axis, volume by month', () => {
    const plan = buildChartConfig(input({ points: syntheticDailyBars(10_000), width: 800 }));
    const { data, options } = shape(plan.config);
    expect(options.scales.x.type).toBe('time');
    expect(options.plugins.decimation).toMatchObject({
      enabled: true,
      algorithm: 'lttb',
      samples: 800,
    });
    expect(data.datasets[0]!.data).toHaveLength(10_000); // chart.js decimates at draw time
    expect(data.datasets[1]!.data.length + data.datasets[2]!.data.length).toBeLessThanOrEqual(
      BAR_LIMIT,
    );
    expect(plan.drawn).toBe(800);
  });

  it('draws candles (or OHLC), aggregated to months for ALL, with half a candle of margin', () => {
    const plan = buildChartConfig(input({ points: syntheticDailyBars(10_000), mode: 'candles' }));
    const { data, options } = shape(plan.config);
    expect(data.datasets[0]!.type).toBe('candlestick');
    expect(data.datasets[0]!.data.length).toBe(plan.drawn);
    expect(plan.drawn).toBeLessThanOrEqual(BAR_LIMIT);
    expect(options.scales.x).toMatchObject({ type: 'timeseries', offset: true });
    expect(options.plugins.decimation.enabled).toBe(false);
    expect(plan.describe(data.datasets[0]!.data[0]).title).toMatch(/^\d{4}-\d{2}$/);
    const ohlc = buildChartConfig(input({ mode: 'ohlc' }));
    expect(shape(ohlc.config).data.datasets[0]!.type).toBe('ohlc');
  });

  it('describes a bar with its date, OHLC and volume', () => {
    const points = syntheticDailyBars(3);
    const plan = buildChartConfig(input({ points, currency: 'EUR' }));
    const item = shape(plan.config).data.datasets[0]!.data[1];
    const { title, lines } = plan.describe(item);
    const d = new Date(points[1]!.x);
    expect(title).toBe(
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`,
    );
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^Open [\d,.]+ EUR$/);
    expect(lines[4]).toMatch(/^Volume [\d,]+(\.\d\d[MB])?$/);
  });

  it('compares against an index: two % lines from the common start on a shared time axis', () => {
    const index = syntheticDailyBars(80, new Date(2023, 0, 2), 7);
    const stock = syntheticDailyBars(40, new Date(2023, 1, 1), 3);
    const plan = buildChartConfig(
      input({ points: stock, mode: 'candles', compare: { label: 'NASDAQ', points: index } }),
    );
    const { data, options } = shape(plan.config);
    expect(data.datasets.map((d) => d.type)).toEqual(['line', 'line', 'bar', 'bar']);
    expect(data.datasets.map((d) => d.label)).toEqual([
      'ACME',
      'NASDAQ',
      'Volume',
      'Volume (down)',
    ]);
    const [primary, other] = data.datasets as { data: { x: number; y: number }[] }[];
    expect(primary!.data[0]!.y).toBe(0);
    expect(other!.data[0]!.y).toBe(0);
    expect(other!.data[0]!.x).toBeGreaterThanOrEqual(stock[0]!.x);
    expect(options.scales.x.type).toBe('time');
    const { lines } = plan.describe(primary!.data[5]);
    expect(lines[0]).toMatch(/^ACME [+-]?\d+\.\d\d%$/);
    expect(lines[1]).toMatch(/^NASDAQ [+-]?\d+\.\d\d%$/);
    expect(lines).toHaveLength(7);
  });

  it('colours from the theme it is given', () => {
    const theme = {
      ...FALLBACK_THEME,
      accent: 'rgb(1, 2, 3)',
      up: 'rgb(0, 255, 0)',
      down: 'rgb(255, 0, 0)',
    };
    const plan = buildChartConfig(input({ theme, mode: 'candles' }));
    const [candles, up, down] = plan.config.data.datasets as unknown as Record<string, unknown>[];
    expect(candles).toMatchObject({ borderColors: { up: 'rgb(0, 255, 0)' } });
    // One colour per volume series (shared options: chart.js resolves them once, not per bar).
    expect(up).toMatchObject({ backgroundColor: 'rgba(0, 255, 0, 0.45)', grouped: false });
    expect(down).toMatchObject({ backgroundColor: 'rgba(255, 0, 0, 0.45)', grouped: false });
  });

  it('labels the time axis in round units for the span shown', () => {
    const { options } = shape(buildChartConfig(input()).config);
    expect(options.scales.x).toMatchObject({ time: { unit: 'week' } });
  });
});
