import type { CurationArea } from '@core/curation/overview';
import { SETTINGS_SECTIONS } from './settings-sections';

/** The settings section of a curation area: its path and title, from the one section table. */
function sectionOf(area: CurationArea) {
  const section = SETTINGS_SECTIONS.find((s) => s.resource === area);
  if (!section) throw new Error(`No settings section for ${area}`);
  return section;
}

export const areaTitle = (area: CurationArea): string => sectionOf(area).title;

/**
 * Where a change of one company leads: its stock detail or its sheets (those screens take the
 * ISIN in the path); the company screens of the other areas pick the company by symbol, which the
 * change feed does not carry, so those lead to the area.
 */
export function changeLink(area: CurationArea, isin: string): string {
  const { path } = sectionOf(area);
  const id = encodeURIComponent(isin);
  if (area === 'STOCKS') return `${path}/detail/${id}`;
  if (area === 'SHEETS') return `${path}/${id}`;
  return path;
}
