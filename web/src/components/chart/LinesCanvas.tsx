import { useCallback, useEffect, useRef } from 'react';
import type { FromChart } from './chart-messages';
import { readChartTheme } from './chart-theme';
import { useChartLink } from './use-chart-link';
import { useThemeKey } from './use-theme-key';
import { benchmarkStyle, type SeriesStyle } from './series-styles';
import './chart.css';

export interface DrawnSeries {
  readonly label: string;
  readonly values: readonly (number | null)[];
  /** The benchmark's style comes from the theme, so it is drawn with the current one. */
  readonly style: SeriesStyle | 'benchmark';
}

export interface LinesCanvasProps {
  readonly dates: readonly string[];
  readonly series: readonly DrawnSeries[];
  readonly height: number;
  readonly describedBy: string;
  readonly label: string;
}

/**
 * Lines on one time axis (the analysis page's rebased performance, a portfolio's value). chart.js draws them in the chart worker, as it draws the
 * stock page's chart (five years of five series would be a long task on this thread), or
 * where a canvas cannot be handed to a worker in a chunk loaded only then. The container records
 * how many series are drawn (tests wait for it).
 */
export default function LinesCanvas({
  dates,
  series,
  height,
  describedBy,
  label,
}: LinesCanvasProps) {
  const host = useRef<HTMLDivElement>(null);
  const themeKey = useThemeKey();
  // The draw whose result the container is waiting for (an older one's answer is stale).
  const expected = useRef(0);
  const receive = useCallback((message: FromChart, box: HTMLDivElement) => {
    if (message.type === 'drawn' && message.id === expected.current) {
      box.dataset.series = String(message.bars);
    }
  }, []);
  const { link, onPointer } = useChartLink(host, receive);

  useEffect(() => {
    const box = host.current;
    const opened = link.current;
    if (!box || !opened) return;
    const theme = readChartTheme(box);
    expected.current += 1;
    opened.send({
      type: 'draw',
      id: expected.current,
      request: {
        kind: 'lines',
        dates,
        series: series.map((s) => {
          const style = s.style === 'benchmark' ? benchmarkStyle(theme) : s.style;
          return {
            label: s.label,
            values: s.values,
            color: style.color,
            dash: style.dash,
            width: s.style === 'benchmark' ? 2 : 1.75,
          };
        }),
        theme,
        width: box.clientWidth,
        height: box.clientHeight,
        devicePixelRatio: window.devicePixelRatio || 1,
      },
    });
    return () => {
      delete box.dataset.series;
    };
  }, [link, dates, series, themeKey]);

  return (
    <div
      ref={host}
      className="performance-canvas"
      style={{ height }}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      data-testid="performance-chart"
      onPointerMove={onPointer}
      onPointerLeave={onPointer}
    />
  );
}
