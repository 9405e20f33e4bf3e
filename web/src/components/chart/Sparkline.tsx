import type { ChangeDirection } from '@core/format';
import '../direction.css';
import './chart.css';

export interface SparklineProps {
  /** Oldest first, already as few as the line needs (the server thins an index's day). */
  readonly closes: readonly number[];
  /** Each close's time (any unit, ascending); the closes are equally spaced without them. */
  readonly times?: readonly number[] | undefined;
  readonly width?: number;
  readonly height?: number;
  /** Colour of the day's direction (core changeDirection); the caller knows the change. */
  readonly trend: ChangeDirection;
  readonly label: string;
}

/** The SVG path of the closes scaled into the box by time, highest at the top. */
export function sparklinePath(
  closes: readonly number[],
  times: readonly number[] | undefined,
  width: number,
  height: number,
): string {
  if (closes.length < 2) return '';
  const timeOf = (i: number) => times?.[i] ?? i;
  let min = Infinity;
  let max = -Infinity;
  for (const c of closes) {
    min = Math.min(min, c);
    max = Math.max(max, c);
  }
  const span = max - min || 1;
  const first = timeOf(0);
  const range = timeOf(closes.length - 1) - first || 1;
  return closes
    .map((c, i) => {
      const x = (((timeOf(i) - first) / range) * width).toFixed(1);
      const y = (height - 1 - ((c - min) / span) * (height - 2)).toFixed(1);
      return `${i === 0 ? 'M' : 'L'}${x} ${y}`;
    })
    .join(' ');
}

/** A small line for index cards and watchlist rows: inline SVG, no axes, no chart library. */
export function Sparkline({
  closes,
  times,
  width = 120,
  height = 36,
  trend,
  label,
}: SparklineProps) {
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
        d={sparklinePath(closes, times, width, height)}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
