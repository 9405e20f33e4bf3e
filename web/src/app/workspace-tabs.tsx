import { lazy } from 'react';
import type { WorkspaceTab } from '../components/workspace/WorkspaceTabs';

const ScreenerPanel = lazy(() =>
  import('../features/screener/components/ScreenerPanel').then((m) => ({
    default: m.ScreenerPanel,
  })),
);

/**
 * The workspace's tabs, in order: the registry the Analysis and Calendar features add their
 * panels to. Until they land, those two tabs show what their paths have always shown, the
 * screener, under its own name.
 */
export const WORKSPACE_TABS: readonly WorkspaceTab[] = [
  { segment: 'screener', label: 'Screener', title: 'Stock screener', panel: <ScreenerPanel /> },
  { segment: 'analysis', label: 'Analysis', title: 'Stock screener', panel: <ScreenerPanel /> },
  { segment: 'calender', label: 'Calendar', title: 'Stock screener', panel: <ScreenerPanel /> },
];
