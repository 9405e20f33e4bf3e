import { ROUTES } from '@core/routes';

interface AdminTool {
  readonly path: string;
  readonly title: string;
  readonly summary: string;
}

/** What each tool of the admin area is called, by its segment below /admin. */
const TOOL_TEXTS: Readonly<Record<string, Omit<AdminTool, 'path'>>> = {
  screener: { title: 'Screener', summary: 'Filter the stock universe.' },
  analysis: { title: 'Analysis', summary: 'The screener for analysis work.' },
  calender: { title: 'Calendar', summary: 'The screener by dates and events.' },
};

/**
 * The admin dashboard's tools: routes of the route table one level below /admin (the dashboard,
 * the profile and the settings index are not tools, so they have no texts), in its order.
 */
export const ADMIN_TOOLS: readonly AdminTool[] = ROUTES.flatMap(({ path }) => {
  const segment = /^\/admin\/([^/]+)$/.exec(path)?.[1];
  const text = segment === undefined ? undefined : TOOL_TEXTS[segment];
  return text ? [{ path, ...text }] : [];
});
