import { useEffect, useRef } from 'react';
import { formatNumber } from '@core/format';
import { parseBarDate } from '../../../components/chart/chart-points';
import { readChartTheme } from '../../../components/chart/chart-theme';
import { Chart } from '../../../components/chart/register-chart';
import { useThemeKey } from '../../../components/chart/use-theme-key';
import { benchmarkStyle, type SeriesStyle } from '../lib/series-styles';

export interface DrawnSeries {
  readonly label: string;
  readonly values: readonly (number | null)[];
  /** The benchmark's style comes from the theme, so it is drawn with the current one. */
  readonly style: SeriesStyle | 'benchmark';
}

export interface PerformanceCanvasProps {
  readonly dates: readonly string[];
  readonly series: readonly DrawnSeries[];
  readonly height: number;
  readonly describedBy: string;
  readonly label: string;
}

/**
 * The rebased lines on one time axis. chart.js loads with this module only (a lazy chunk), as the
 * stock page's chart does. The container records how many series are drawn (tests wait for it).
 */
export default function PerformanceCanvas({
  dates,
  series,
  height,
  describedBy,
  label,
}: PerformanceCanvasProps) {
  const host = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const themeKey = useThemeKey();

  useEffect(() => {
    const box = host.current;
    const element = canvas.current;
    if (!box || !element) return;
    const theme = readChartTheme(box);
    const xs = dates.map(parseBarDate);
    const chart = new Chart(element, {
      type: 'line',
      data: {
        datasets: series.map((s) => {
          const style = s.style === 'benchmark' ? benchmarkStyle(theme) : s.style;
          return {
            label: s.label,
            data: s.values.map((y, i) => ({ x: xs[i]!, y })),
            borderColor: style.color,
            backgroundColor: style.color,
            borderDash: [...style.dash],
            borderWidth: s.style === 'benchmark' ? 2 : 1.75,
            pointRadius: 0,
            pointHoverRadius: 3,
            spanGaps: false,
          };
        }),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: {
            type: 'time',
            ticks: { color: theme.muted, maxTicksLimit: 8 },
            grid: { color: theme.grid },
          },
          y: { ticks: { color: theme.muted }, grid: { color: theme.grid } },
        },
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) => `${item.dataset.label ?? ''}: ${formatNumber(item.parsed.y)}`,
            },
          },
        },
      },
    });
    box.dataset.series = String(chart.data.datasets.length);
    return () => {
      chart.destroy();
      delete box.dataset.series;
    };
  }, [dates, series, themeKey]);

  return (
    <div
      ref={host}
      className="performance-canvas"
      style={{ height }}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      data-testid="performance-chart"
    >
      <canvas ref={canvas} />
    </div>
  );
}
