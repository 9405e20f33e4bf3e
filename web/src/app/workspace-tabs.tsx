import { lazy } from 'react';
import type { WorkspaceTab } from '../components/workspace/WorkspaceTabs';
import { screenerWatchlistAction } from './watchlist-slots';

const CalendarPanel = lazy(() =>
  import('../features/calendar/components/CalendarPanel').then((m) => ({
    default: m.CalendarPanel,
  })),
);

const ScreenerPanel = lazy(() =>
  import('../features/screener/components/ScreenerPanel').then((m) => ({
    default: m.ScreenerPanel,
  })),
);

/**
 * The workspace's tabs, in order: the registry each feature adds its panel to. Until Analysis
 * lands, its tab shows what its path has always shown, the screener, under its own name.
 */
export const WORKSPACE_TABS: readonly WorkspaceTab[] = [
  {
    segment: 'screener',
    label: 'Screener',
    title: 'Stock screener',
    panel: <ScreenerPanel rowAction={screenerWatchlistAction} />,
  },
  { segment: 'analysis', label: 'Analysis', title: 'Stock screener', panel: <ScreenerPanel /> },
  { segment: 'calender', label: 'Calendar', title: 'Market calendar', panel: <CalendarPanel /> },
];
