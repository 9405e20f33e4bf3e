import type { ChartPoint } from './chart-data';

export interface SparklineProps {
  readonly points: readonly ChartPoint[];
  readonly width?: number;
  readonly height?: number;
  /** Up or down colouring; the caller knows the day's change. */
  readonly trend: 'up' | 'down';
  readonly label: string;
}

/** The SVG path of closes scaled into the box (pure, so it is tested without a browser). */
export function sparklinePath(
  points: readonly ChartPoint[],
  width: number,
  height: number,
): string {
  if (points.length < 2) return '';
  let min = Infinity;
  let max = -Infinity;
  for (const p of points) {
    min = Math.min(min, p.c);
    max = Math.max(max, p.c);
  }
  const span = max - min || 1;
  const step = width / (points.length - 1);
  return points
    .map((p, i) => {
      const x = (i * step).toFixed(1);
      const y = (height - 1 - ((p.c - min) / span) * (height - 2)).toFixed(1);
      return `${i === 0 ? 'M' : 'L'}${x} ${y}`;
    })
    .join(' ');
}

/** A small intraday line for index cards: inline SVG, no chart library. */
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
      />
    </svg>
  );
}
