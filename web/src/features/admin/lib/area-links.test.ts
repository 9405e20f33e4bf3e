import { describe, expect, it } from 'vitest';
import { CURATION_AREAS } from '@core/curation/overview';
import { areaTitle, changeLink } from './area-links';

describe('area links', () => {
  it('has a settings section for every curation area', () => {
    expect(CURATION_AREAS.map(areaTitle)).toEqual([
      'Stocks',
      'Sheets',
      'Analysts',
      'Shariah',
      'Descriptions',
    ]);
  });

  it('leads a change to its item where the screen takes the ISIN, else to the area', () => {
    expect(changeLink('STOCKS', 'US0378331005')).toBe('/admin/settings/stocks/detail/US0378331005');
    expect(changeLink('SHEETS', 'US0378331005')).toBe('/admin/settings/sheets/US0378331005');
    expect(changeLink('ANALYST', 'US0378331005')).toBe('/admin/settings/analyst');
  });
});
