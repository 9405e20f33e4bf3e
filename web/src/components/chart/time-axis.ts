/** Units the time axis labels in. */
export type AxisUnit = 'hour' | 'day' | 'week' | 'month' | 'year';

const DAY = 86_400_000;

/** The x axis' tick unit for a series spanning `span` ms: round times and dates as labels. */
export function axisUnit(span: number): AxisUnit {
  if (span <= 1.5 * DAY) return 'hour';
  if (span <= 14 * DAY) return 'day';
  if (span <= 200 * DAY) return 'week';
  if (span <= 3 * 365 * DAY) return 'month';
  return 'year';
}

/** The local hour, day, week (from Monday), month or year that x falls in, as a number. */
export function periodOf(x: number, unit: AxisUnit): number {
  const d = new Date(x);
  switch (unit) {
    case 'hour':
      return new Date(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()).getTime();
    case 'day':
      return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
    case 'week':
      return new Date(
        d.getFullYear(),
        d.getMonth(),
        d.getDate() - ((d.getDay() + 6) % 7),
      ).getTime();
    case 'month':
      return d.getFullYear() * 12 + d.getMonth();
    case 'year':
      return d.getFullYear();
  }
}

/**
 * Ticks at the first bar of each period only. A gapless ('timeseries') axis puts a tick on every
 * bar, and evenly skipping them labels 09:30, 10:19, 11:08…; the first bar of each hour, session
 * or month reads 09:30, 10:00, 11:00… instead. Ticks already a period apart pass through.
 */
export function boundaryTicks<T extends { readonly value: number }>(
  ticks: readonly T[],
  unit: AxisUnit,
): T[] {
  let previous: number | undefined;
  return ticks.filter((tick) => {
    const period = periodOf(tick.value, unit);
    const first = period !== previous;
    previous = period;
    return first;
  });
}
