import type { Resource } from '../../../../core/permissions';

/** The admin settings areas of SPEC §1/§2 and what each one manages. */
export interface SettingsSection {
  readonly path: string;
  readonly title: string;
  readonly resource: Resource | 'EDITORS';
  readonly summary: string;
  readonly manages: readonly string[];
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  {
    path: '/admin/settings/stocks',
    title: 'Stocks',
    resource: 'STOCKS',
    summary: 'The stock universe the site searches and shows.',
    manages: [
      'Listed stocks with symbol, ISIN, name and exchange',
      'Adding a stock (/admin/settings/stocks/add)',
      'A stock’s detail record (/admin/settings/stocks/detail/{isin})',
    ],
  },
  {
    path: '/admin/settings/sheets',
    title: 'Sheets',
    resource: 'SHEETS',
    summary: 'Financial statements per stock: income statement, balance sheet, cash flow.',
    manages: [
      'Sheets of a stock by ISIN, annual, quarterly and TTM (/admin/settings/sheets/{isin})',
      'Adding a sheet with date, year, quarter and duration (…/{isin}/add)',
      'Editing a sheet’s items (…/{isin}/edit/{id})',
    ],
  },
  {
    path: '/admin/settings/users',
    title: 'Users',
    resource: 'USERS',
    summary: 'Registered accounts: list them, enable or disable sign-in.',
    manages: ['Every account of the user pool', 'Enabling and disabling accounts'],
  },
  {
    path: '/admin/settings/analyst',
    title: 'Analysts',
    resource: 'ANALYST',
    summary: 'Analyst ratings and price targets shown on the stock pages.',
    manages: ['Ratings per stock', 'Price targets and consensus'],
  },
  {
    path: '/admin/settings/shariah',
    title: 'Shariah',
    resource: 'SHARIAH',
    summary: 'The Shariah-compliance screen of each stock.',
    manages: ['Compliance status per stock', 'Screening ratios and notes'],
  },
  {
    path: '/admin/settings/description',
    title: 'Descriptions',
    resource: 'DESCRIPTION',
    summary: 'Company descriptions shown in the stock profiles.',
    manages: ['Company description texts per stock'],
  },
  {
    path: '/admin/settings/editors',
    title: 'Editors',
    resource: 'EDITORS',
    summary: 'Accounts in the editor group and what their permission sets allow.',
    manages: ['Members of the editor group', 'Per-resource read, create, update and delete lists'],
  },
];

/** The section a settings path belongs to (sub-pages such as …/stocks/add included). */
export function sectionFor(path: string): SettingsSection | undefined {
  const clean = path.replace(/\/+$/, '');
  return SETTINGS_SECTIONS.find(
    (section) => clean === section.path || clean.startsWith(`${section.path}/`),
  );
}
