import type { Resource } from '@core/permissions';
import { findRoute, ROUTES } from '@core/routes';

/** The settings index (SPEC §2); its areas are the routes one level below it. */
export const SETTINGS_PATH = '/admin/settings';

/** What a settings area is called and manages; its path comes from core's route table. */
interface SectionText {
  readonly title: string;
  readonly resource: Resource | 'EDITORS';
  readonly summary: string;
  readonly manages: readonly string[];
  /** Titles of the area's sub-pages, by their route below the area's (e.g. 'detail/:isin'). */
  readonly subPages?: Readonly<Record<string, string>>;
}

interface SettingsSection extends SectionText {
  readonly path: string;
}

/** By the area's segment below SETTINGS_PATH. */
const SECTION_TEXTS: Readonly<Record<string, SectionText>> = {
  stocks: {
    title: 'Stocks',
    resource: 'STOCKS',
    summary: 'The stock universe the site searches and shows.',
    manages: [
      'Listed stocks with symbol, ISIN, name and exchange',
      'Adding a stock',
      'A stock’s detail record',
    ],
    subPages: { add: 'Add a stock', 'detail/:isin': 'Stock detail' },
  },
  sheets: {
    title: 'Sheets',
    resource: 'SHEETS',
    summary: 'Financial statements per stock: income statement, balance sheet, cash flow.',
    manages: [
      'Sheets of a stock by ISIN, annual, quarterly and TTM',
      'Adding a sheet with date, year, quarter and duration',
      'Editing a sheet’s items',
    ],
    subPages: {
      ':isin': 'Sheets of a stock',
      ':isin/add': 'Add a sheet',
      ':isin/edit/:id': 'Edit a sheet',
    },
  },
  users: {
    title: 'Users',
    resource: 'USERS',
    summary: 'Registered accounts: list them, enable or disable sign-in.',
    manages: ['Every account of the user pool', 'Enabling and disabling accounts'],
  },
  analyst: {
    title: 'Analysts',
    resource: 'ANALYST',
    summary: 'Analyst ratings and price targets shown on the stock pages.',
    manages: ['Ratings per stock', 'Price targets and consensus'],
  },
  shariah: {
    title: 'Shariah',
    resource: 'SHARIAH',
    summary: 'The Shariah-compliance screen of each stock.',
    manages: ['Compliance status per stock', 'Screening ratios and notes'],
  },
  description: {
    title: 'Descriptions',
    resource: 'DESCRIPTION',
    summary: 'Company descriptions shown in the stock profiles.',
    manages: ['Company description texts per stock'],
  },
  editors: {
    title: 'Editors',
    resource: 'EDITORS',
    summary: 'Accounts in the editor group and what their permission sets allow.',
    manages: ['Members of the editor group', 'Per-resource read, create, update and delete lists'],
  },
};

/** The route below SETTINGS_PATH, e.g. 'sheets/:isin/add'; undefined outside it. */
const belowSettings = (path: string): string | undefined =>
  path.startsWith(`${SETTINGS_PATH}/`) ? path.slice(SETTINGS_PATH.length + 1) : undefined;

/** The settings areas: the route table's routes one level below SETTINGS_PATH, in its order. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = ROUTES.flatMap(({ path }) => {
  const text = SECTION_TEXTS[belowSettings(path) ?? ''];
  return text ? [{ path, ...text }] : [];
});

/** The settings page a path opens: its area and, on a sub-page (…/stocks/add), that page's title. */
export function settingsPageFor(
  pathname: string,
): { readonly section: SettingsSection; readonly subPage?: string } | undefined {
  const route = findRoute(pathname)?.path ?? '';
  const section = SETTINGS_SECTIONS.find(
    ({ path }) => route === path || route.startsWith(`${path}/`),
  );
  if (!section) return undefined;
  const subPage = section.subPages?.[route.slice(section.path.length + 1)];
  return subPage ? { section, subPage } : { section };
}
