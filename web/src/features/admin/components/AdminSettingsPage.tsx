import { decideAccess } from '@core/routes';
import { useAuth } from '../../../lib/auth/auth-context';
import { useCurationOverview, useUserCounts } from '../api/use-overview';
import { SETTINGS_SECTIONS } from '../lib/settings-sections';
import { AreaCards } from './AreaOverview';
import { OverviewError } from './OverviewError';
import '../../../components/admin.css';

/** /admin/settings: the areas this session may open, each with its counts and last change. */
export function AdminSettingsIndex() {
  const { state } = useAuth();
  const sections = SETTINGS_SECTIONS.filter(
    (section) => decideAccess(section.path, state).kind === 'render',
  );
  const overview = useCurationOverview(sections.length > 0);
  const users = useUserCounts(state.isAdmin);
  return (
    <section className="admin" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <p className="lead">The areas your account may open, with their figures and last change.</p>
      {sections.length === 0 ? (
        <p className="muted">Your permission set does not open any settings area yet.</p>
      ) : (
        <>
          <OverviewError query={overview} />
          <AreaCards sections={sections} areas={overview.data?.areas} users={users.data} />
        </>
      )}
    </section>
  );
}
