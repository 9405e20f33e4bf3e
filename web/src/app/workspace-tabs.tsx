import { lazy } from 'react';
import type { WorkspaceTab } from '../components/workspace/WorkspaceTabs';
import { companyPicker } from './stock-picker';
import { screenerWatchlistAction } from './watchlist-slots';

const AnalysisPanel = lazy(() =>
  import('../features/analysis/components/AnalysisPanel').then((m) => ({
    default: m.AnalysisPanel,
  })),
);

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

/** The workspace's tabs, in order: the registry each feature adds its panel to. */
export const WORKSPACE_TABS: readonly WorkspaceTab[] = [
  {
    segment: 'screener',
    label: 'Screener',
    title: 'Stock screener',
    panel: <ScreenerPanel rowAction={screenerWatchlistAction} />,
  },
  {
    segment: 'analysis',
    label: 'Analysis',
    title: 'Compare stocks',
    panel: <AnalysisPanel stockPicker={companyPicker} />,
  },
  { segment: 'calender', label: 'Calendar', title: 'Market calendar', panel: <CalendarPanel /> },
];
