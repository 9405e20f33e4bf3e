import { Suspense, useId, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import './workspace-tabs.css';

export interface WorkspaceTab {
  /** The path segment: /screener, /analysis, /calender (and /admin/… for staff). */
  readonly segment: string;
  readonly label: string;
  /** The page's h1 while this tab is open. */
  readonly title: string;
  readonly panel: ReactNode;
}

/**
 * SPEC §2's one screen for /screener, /analysis and /calender: a heading, the tabs as links (each
 * tab is its own address, so back, reload and sharing work) and the open tab's panel. The admin's
 * copies keep their /admin prefix.
 */
export function WorkspaceTabs({
  tabs,
  active,
}: {
  readonly tabs: readonly WorkspaceTab[];
  readonly active: string;
}) {
  const { pathname } = useLocation();
  const base = pathname.startsWith('/admin/') ? '/admin' : '';
  const open = tabs.find((tab) => tab.segment === active) ?? tabs[0]!;
  const titleId = useId();
  return (
    <section className="workspace" aria-labelledby={titleId}>
      <h1 id={titleId}>{open.title}</h1>
      <nav className="workspace-tabs" aria-label="Screener, analysis and calendar">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.segment}>
              <Link
                to={`${base}/${tab.segment}`}
                aria-current={tab === open ? 'page' : undefined}
                className={tab === open ? 'workspace-tab active' : 'workspace-tab'}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<p className="muted">Loading…</p>}>{open.panel}</Suspense>
    </section>
  );
}
