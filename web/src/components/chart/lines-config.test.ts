import { describe, expect, it } from 'vitest';
import { parseBarDate } from './chart-points';
import { FALLBACK_THEME } from './chart-theme';
import { buildLinesConfig } from './lines-config';

// The parts of the configuration these tests read (chart.js's own types are a wide union).
interface Shape {
  data: {
    datasets: {
      label: string;
      data: { x: number; y: number | null }[];
      borderColor: string;
      borderDash: number[];
      borderWidth: number;
      spanGaps: boolean;
    }[];
  };
  options: {
    interaction: { mode: string };
    scales: { x: { type: string } };
    plugins: {
      tooltip: {
        callbacks: {
          label: (item: { dataset: { label?: string }; parsed: { y: number | null } }) => string;
        };
      };
    };
  };
}

const plan = buildLinesConfig({
  dates: ['2026-01-05', '2026-01-06', '2026-01-07'],
  series: [
    { label: 'AAA', values: [100, 110, 120], color: '#0072b2', dash: [], width: 1.75 },
    {
      label: 'S&P 500',
      values: [100, null, 104.5],
      color: 'rgb(1, 2, 3)',
      dash: [10, 4],
      width: 2,
    },
  ],
  theme: FALLBACK_THEME,
});
const config = plan.config as unknown as Shape;

describe('lines chart configuration', () => {
  it('draws each series on the dates of a time axis, in its style, a missing value as a gap', () => {
    const [aaa, benchmark] = config.data.datasets;
    expect(config.options.scales.x.type).toBe('time');
    expect(aaa!.data).toEqual([
      { x: parseBarDate('2026-01-05'), y: 100 },
      { x: parseBarDate('2026-01-06'), y: 110 },
      { x: parseBarDate('2026-01-07'), y: 120 },
    ]);
    expect(benchmark!.data.map((p) => p.y)).toEqual([100, null, 104.5]);
    expect(benchmark).toMatchObject({
      label: 'S&P 500',
      borderColor: 'rgb(1, 2, 3)',
      borderDash: [10, 4],
      borderWidth: 2,
      spanGaps: false,
    });
    expect(plan.drawn).toBe(2);
  });

  it('points at a date with every series: the tooltip and the keyboard text list each', () => {
    expect(plan.interaction).toBe('index');
    expect(config.options.interaction.mode).toBe('index');
    const label = config.options.plugins.tooltip.callbacks.label;
    expect(label({ dataset: { label: 'AAA' }, parsed: { y: 110 } })).toBe('AAA: 110.00');
    expect(label({ dataset: { label: 'S&P 500' }, parsed: { y: null } })).toBe('S&P 500: —');
    expect(plan.describe({ x: parseBarDate('2026-01-06'), y: 110 })).toEqual({
      title: '2026-01-06',
      lines: ['AAA: 110.00', 'S&P 500: —'],
    });
  });
});
