import type { Resource } from '@core/permissions';
import { ROUTES } from '@core/routes';

/** The settings index (SPEC §2); its areas are the routes one level below it. */
export const SETTINGS_PATH = '/admin/settings';

/** What a settings area is called and summarised as; its path comes from core's route table. */
interface SectionText {
  readonly title: string;
  readonly resource: Resource | 'EDITORS';
  readonly summary: string;
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
  },
  sheets: {
    title: 'Sheets',
    resource: 'SHEETS',
    summary: 'Financial statements per stock: income statement, balance sheet, cash flow.',
  },
  users: {
    title: 'Users',
    resource: 'USERS',
    summary: 'Registered accounts: list them, enable or disable sign-in.',
  },
  analyst: {
    title: 'Analysts',
    resource: 'ANALYST',
    summary: 'Analyst ratings and price targets shown on the stock pages.',
  },
  shariah: {
    title: 'Shariah',
    resource: 'SHARIAH',
    summary: 'The Shariah-compliance screen of each stock.',
  },
  description: {
    title: 'Descriptions',
    resource: 'DESCRIPTION',
    summary: 'Company descriptions shown in the stock profiles.',
  },
  editors: {
    title: 'Editors',
    resource: 'EDITORS',
    summary: 'Accounts in the editor group and what their permission sets allow.',
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
