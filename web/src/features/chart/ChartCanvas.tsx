import {
  BarController,
  BarElement,
  Chart,
  Filler,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  TimeScale,
  TimeSeriesScale,
  Tooltip,
  type ChartConfiguration,
  type Plugin,
  type TooltipItem,
} from 'chart.js';
import 'chartjs-adapter-date-fns';
import { CandlestickController, CandlestickElement } from 'chartjs-chart-financial';
import { useEffect, useRef } from 'react';
import { formatNumber } from '../../../../core/format';
import { CHART_RENDER_MEASURE, measured } from '../../lib/perf-marks';
import { candlesFor, downsample, rebase, type ChartPoint } from './chart-data';

// Only the pieces drawn here, so the chart chunk stays small.
Chart.register(
  BarController,
  BarElement,
  CandlestickController,
  CandlestickElement,
  Filler,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  TimeScale,
  TimeSeriesScale,
  Tooltip,
);

export type ChartMode = 'line' | 'candles';

export interface ChartCanvasProps {
  readonly points: readonly ChartPoint[];
  readonly mode: ChartMode;
  readonly intraday: boolean;
  readonly label: string;
  /** Another series (an index) to compare: both are drawn as % change from their first bar. */
  readonly compare?: { readonly label: string; readonly points: readonly ChartPoint[] };
  readonly height: number;
}

/** A vertical line under the pointer: the crosshair investors expect. */
const crosshair: Plugin = {
  id: 'crosshair',
  afterDatasetsDraw(chart) {
    const active = chart.tooltip?.getActiveElements();
    if (!active?.length) return;
    const x = active[0]!.element.x;
    const { top, bottom } = chart.chartArea;
    const ctx = chart.ctx;
    ctx.save();
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, bottom);
    ctx.lineWidth = 1;
    ctx.strokeStyle = cssVar('--muted', '#888');
    ctx.setLineDash([4, 4]);
    ctx.stroke();
    ctx.restore();
  },
};

/**
 * A theme colour as the browser resolves it (rgb(…)): the custom properties hold light-dark() or
 * hex values, so an element is asked for the computed colour instead.
 */
function cssVar(name: string, fallback: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${name}, ${fallback})`;
  document.body.appendChild(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color || fallback;
}

/** 'rgb(r, g, b)' → 'rgba(r, g, b, a)'; other notations are returned as they are. */
function withAlpha(color: string, alpha: number): string {
  const match = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(color);
  return match ? `rgba(${match[1]}, ${match[2]}, ${match[3]}, ${alpha})` : color;
}

/** The chart.js configuration for the props (pure apart from reading theme colours). */
export function chartConfig(props: ChartCanvasProps): ChartConfiguration {
  const fg = cssVar('--fg', '#111');
  const muted = cssVar('--muted', '#666');
  const grid = cssVar('--border', '#ddd');
  const accent = cssVar('--accent', '#0f766e');
  const up = cssVar('--up', '#047857');
  const down = cssVar('--down', '#b91c1c');
  const comparing = props.compare !== undefined;
  const line = downsample(props.points);
  const candles = candlesFor(props.points);
  const shown = props.mode === 'candles' && !comparing ? candles : line;

  const priceDataset = comparing
    ? {
        type: 'line' as const,
        label: `${props.label} %`,
        data: rebase(line),
        borderColor: accent,
        borderWidth: 1.5,
        pointRadius: 0,
        yAxisID: 'y',
      }
    : props.mode === 'candles'
      ? {
          type: 'candlestick' as const,
          label: props.label,
          data: candles.map((p) => ({ x: p.x, o: p.o, h: p.h, l: p.l, c: p.c })),
          yAxisID: 'y',
          backgroundColors: { up, down, unchanged: muted },
          borderColors: { up, down, unchanged: muted },
        }
      : {
          type: 'line' as const,
          label: props.label,
          data: line.map((p) => ({ x: p.x, y: p.c })),
          borderColor: accent,
          backgroundColor: withAlpha(accent, 0.12),
          fill: 'start',
          borderWidth: 1.5,
          pointRadius: 0,
          yAxisID: 'y',
        };

  const datasets: ChartConfiguration['data']['datasets'] = [
    priceDataset as ChartConfiguration['data']['datasets'][number],
  ];
  if (props.compare) {
    datasets.push({
      type: 'line',
      label: `${props.compare.label} %`,
      data: rebase(downsample(props.compare.points)),
      borderColor: muted,
      borderWidth: 1.5,
      borderDash: [5, 3],
      pointRadius: 0,
      yAxisID: 'y',
    });
  }
  datasets.push({
    type: 'bar',
    label: 'Volume',
    data: shown.map((p) => ({ x: p.x, y: p.v })),
    backgroundColor: shown.map((p) => (p.c >= p.o ? `${up}` : `${down}`)),
    yAxisID: 'volume',
    barPercentage: 1,
    categoryPercentage: 1,
  });

  return {
    type: 'line',
    data: { datasets },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      parsing: props.mode === 'candles' && !comparing ? undefined : false,
      normalized: true,
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          // Gapless when one series is shown (nights and weekends take no room); a shared time
          // axis when two exchanges' series are compared.
          type: comparing ? 'time' : 'timeseries',
          // SPEC §9 dates are YYYY-MM-DD; intraday bars add the exchange's clock time.
          time: { tooltipFormat: props.intraday ? 'yyyy-MM-dd HH:mm' : 'yyyy-MM-dd' },
          ticks: { color: muted, maxRotation: 0, autoSkip: true, maxTicksLimit: 8 },
          grid: { color: grid, display: false },
        },
        y: {
          position: 'right',
          stack: 'price',
          stackWeight: 4,
          ticks: {
            color: muted,
            callback: (value) =>
              comparing ? `${Number(value).toFixed(1)}%` : formatNumber(Number(value)),
          },
          grid: { color: grid },
        },
        volume: {
          position: 'right',
          stack: 'price',
          stackWeight: 1,
          offset: true,
          ticks: { display: false },
          grid: { display: false },
        },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          backgroundColor: cssVar('--surface', '#fff'),
          titleColor: fg,
          bodyColor: fg,
          borderColor: grid,
          borderWidth: 1,
          callbacks: {
            label: (item: TooltipItem<'line'>) => tooltipLabel(item, comparing),
          },
        },
      },
    },
    plugins: [crosshair],
  } as ChartConfiguration;
}

function tooltipLabel(item: TooltipItem<'line'>, comparing: boolean): string {
  const raw = item.raw as { o?: number; h?: number; l?: number; c?: number; y?: number };
  if (item.dataset.label === 'Volume')
    return `Volume ${formatNumber(raw.y ?? 0).replace(/\.00$/, '')}`;
  if (raw.o !== undefined) {
    return `O ${formatNumber(raw.o)}  H ${formatNumber(raw.h)}  L ${formatNumber(raw.l)}  C ${formatNumber(raw.c)}`;
  }
  return comparing
    ? `${item.dataset.label ?? ''} ${(raw.y ?? 0).toFixed(2)}`
    : `Close ${formatNumber(raw.y ?? 0)}`;
}

/** The canvas; chart.js lives only in this lazily loaded module. */
export default function ChartCanvas(props: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const element = canvas.current;
    const chart = measured(CHART_RENDER_MEASURE, () => new Chart(element, chartConfig(props)));
    return () => chart.destroy();
  }, [props]);
  const bars =
    props.mode === 'candles' && !props.compare
      ? candlesFor(props.points).length
      : downsample(props.points).length;
  return (
    <div
      className="chart-canvas"
      style={{ height: props.height }}
      data-testid="price-chart"
      data-bars={bars}
    >
      <canvas ref={canvas} role="img" aria-label={`${props.label} price chart`} />
    </div>
  );
}
