import { changeDirection } from '@core/format';
import type { DaySpark } from '@core/market/types';
import { Sparkline } from './Sparkline';

/**
 * An index's day line as the server thinned it (closes at their minutes), coloured by the day's
 * change, in a box of its size whether or not there is a line yet (a market before its first bar),
 * so cards and rows keep their places. Hidden from screen readers: the figures beside it say it.
 */
export function DayLine({
  spark,
  change,
  label,
  width,
  height,
  className,
}: {
  readonly spark: DaySpark;
  readonly change: number;
  readonly label: string;
  readonly width: number;
  readonly height: number;
  readonly className: string;
}) {
  return (
    <span className={className} aria-hidden="true" style={{ width, height }}>
      {spark.closes.length > 1 && (
        <Sparkline
          closes={spark.closes}
          times={spark.minutes}
          trend={changeDirection(change)}
          label={label}
          width={width}
          height={height}
        />
      )}
    </span>
  );
}
