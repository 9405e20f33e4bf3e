import { Link } from 'react-router';
import { formatCount } from '@core/format';
import { decideAccess } from '@core/routes';
import { useAuth } from '../../../lib/auth/auth-context';
import { useCurationOverview, useUserCounts } from '../api/use-overview';
import { ADMIN_TOOLS } from '../lib/admin-tools';
import { SETTINGS_SECTIONS } from '../lib/settings-sections';
import { AreaCards } from './AreaOverview';
import { DashboardActivity, LastIngest } from './DashboardActivity';
import { OverviewError } from './OverviewError';
import '../../../components/admin.css';

/**
 * /admin/dashboard: the admin area's entry. Counts (stocks, users, editors), the week's changes by
 * person, the last data ingest and its failures, and links into each area this session may open
 * (§6); an editor sees the areas and changes of their permission set.
 */
export function AdminDashboard() {
  const { state } = useAuth();
  const sections = SETTINGS_SECTIONS.filter(
    (section) => decideAccess(section.path, state).kind === 'render',
  );
  const overview = useCurationOverview(state.isAdmin || sections.length > 0);
  const users = useUserCounts(state.isAdmin);
  const stocks = overview.data?.areas.find((area) => area.area === 'STOCKS');
  const counts = [
    ...(stocks ? [['Stocks', stocks.count] as const] : []),
    ...(users.data
      ? ([
          ['Users', users.data.users],
          ['Editors', users.data.editors],
        ] as const)
      : []),
  ];
  return (
    <section className="admin" aria-labelledby="admin-dashboard-title">
      <h1 id="admin-dashboard-title">Admin dashboard</h1>
      <p className="lead">
        {state.isAdmin
          ? 'You are signed in as an administrator.'
          : 'You are signed in as an editor; the areas your permission set allows are listed.'}
      </p>
      <OverviewError query={overview} />
      {counts.length > 0 && (
        <dl className="dashboard-counts" aria-label="Counts">
          {counts.map(([label, value]) => (
            <div key={label} className="card">
              <dt className="muted">{label}</dt>
              <dd>{formatCount(value)}</dd>
            </div>
          ))}
        </dl>
      )}
      {overview.data && <DashboardActivity overview={overview.data} />}
      {state.isAdmin && overview.data && <LastIngest run={overview.data.lastIngest} />}
      <h2>Tools</h2>
      <div className="card-grid">
        {ADMIN_TOOLS.map((tool) => (
          <Link key={tool.path} to={tool.path} className="card admin-card">
            <strong>{tool.title}</strong>
            <span className="muted">{tool.summary}</span>
          </Link>
        ))}
      </div>
      <h2>Settings</h2>
      {sections.length === 0 ? (
        <p className="muted">Your permission set does not open any settings area yet.</p>
      ) : (
        <AreaCards sections={sections} areas={overview.data?.areas} users={users.data} />
      )}
    </section>
  );
}
