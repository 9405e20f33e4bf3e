import type { CurationArea } from '@core/curation/overview';

/** The settings area of each curation area (§2 routes). */
export const AREA_PATHS: Readonly<Record<CurationArea, string>> = {
  STOCKS: '/admin/settings/stocks',
  SHEETS: '/admin/settings/sheets',
  ANALYST: '/admin/settings/analyst',
  SHARIAH: '/admin/settings/shariah',
  DESCRIPTION: '/admin/settings/description',
};

export const AREA_TITLES: Readonly<Record<CurationArea, string>> = {
  STOCKS: 'Stocks',
  SHEETS: 'Sheets',
  ANALYST: 'Analysts',
  SHARIAH: 'Shariah',
  DESCRIPTION: 'Descriptions',
};

/**
 * Where a change of one company leads: its stock detail or its sheets (those screens take the
 * ISIN in the path); the company screens of the other areas pick the company by symbol, which the
 * change feed does not carry, so those lead to the area.
 */
export function changeLink(area: CurationArea, isin: string): string {
  const id = encodeURIComponent(isin);
  if (area === 'STOCKS') return `${AREA_PATHS.STOCKS}/detail/${id}`;
  if (area === 'SHEETS') return `${AREA_PATHS.SHEETS}/${id}`;
  return AREA_PATHS[area];
}
