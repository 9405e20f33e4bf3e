/**
 * Calendar dates as day numbers (days since 1970-01-01 of the civil calendar): cheap to loop over
 * for decades of trading days, and the same arithmetic for the demo statements and the simulated
 * market.
 */
const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date. */
export function dayNumberOf(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / MS_PER_DAY;
}

export const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * 'YYYY-MM-DD' of a day number. Pure arithmetic (H. Hinnant's civil_from_days) rather than
 * Date#toISOString: bar dates are formatted tens of thousands of times per request.
 */
export function dateOfDayNumber(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}
