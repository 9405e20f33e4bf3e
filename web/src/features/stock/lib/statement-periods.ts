import { displayDate, displayYear, type IdentifiedStatement } from '@core/market/statements';

export const isTtmItem = (item: IdentifiedStatement): boolean =>
  'isTTM' in item && item.isTTM === true;

/** A column heading: 'TTM' alone, or 'FY 2024' / 'Q3 2024' over the period-end date. */
export function periodHeading(item: IdentifiedStatement): { title: string; date?: string } {
  if (isTtmItem(item)) return { title: displayYear(item) };
  const prefix = item.isAnnual ? 'FY' : `Q${item.quarter}`;
  return { title: `${prefix} ${displayYear(item)}`, date: displayDate(item) };
}
