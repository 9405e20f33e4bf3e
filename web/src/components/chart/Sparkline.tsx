import type { ChangeDirection } from '@core/format';
import '../direction.css';
import type { ChartPoint } from './chart-points';
import { downsample } from './downsample';
import './chart.css';

export interface SparklineProps {
  /** Oldest first (as chartQuery gives them). */
  readonly points: readonly ChartPoint[];
  readonly width?: number;
  readonly height?: number;
  /** Colour of the day's direction (core changeDirection); the caller knows the change. */
  readonly trend: ChangeDirection;
  readonly label: string;
}

/**
 * The SVG path of the closes scaled into the box, highest at the top, at most two points per
 * pixel (a 1-minute day has ~400 bars for 120 px).
 */
export function sparklinePath(
  points: readonly ChartPoint[],
  width: number,
  height: number,
): string {
  if (points.length < 2) return '';
  const shown = downsample(points, Math.max(3, width * 2));
  let min = Infinity;
  let max = -Infinity;
  for (const p of shown) {
    min = Math.min(min, p.c);
    max = Math.max(max, p.c);
  }
  const span = max - min || 1;
  const first = shown[0]!.x;
  const range = shown[shown.length - 1]!.x - first || 1;
  return shown
    .map((p, i) => {
      const x = (((p.x - first) / range) * width).toFixed(1);
      const y = (height - 1 - ((p.c - min) / span) * (height - 2)).toFixed(1);
      return `${i === 0 ? 'M' : 'L'}${x} ${y}`;
    })
    .join(' ');
}

/** A small intraday line for index cards: inline SVG, no axes, no chart library. */
export function Sparkline({ points, width = 120, height = 36, trend, label }: SparklineProps) {
  return (
    <svg
      className={`sparkline ${trend}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
    >
      <path
        d={sparklinePath(points, width, height)}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
