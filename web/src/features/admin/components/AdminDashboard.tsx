import { Link } from 'react-router';
import { decideAccess } from '@core/routes';
import { useAuth } from '../../../lib/auth/auth-context';
import { ADMIN_TOOLS } from '../lib/admin-tools';
import { SETTINGS_SECTIONS } from '../lib/settings-sections';
import '../../../components/admin.css';

/** /admin/dashboard: the admin area's entry, showing what this session may open (§6). */
export function AdminDashboard() {
  const { state } = useAuth();
  const opens = (path: string) => decideAccess(path, state).kind === 'render';
  const sections = SETTINGS_SECTIONS.filter((section) => opens(section.path));
  return (
    <section className="admin" aria-labelledby="admin-dashboard-title">
      <h1 id="admin-dashboard-title">Admin dashboard</h1>
      <p className="lead">
        {state.isAdmin
          ? 'You are signed in as an administrator.'
          : 'You are signed in as an editor; the areas your permission set allows are listed.'}
      </p>
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
        <div className="card-grid">
          {sections.map((section) => (
            <Link key={section.path} to={section.path} className="card admin-card">
              <strong>{section.title}</strong>
              <span className="muted">{section.summary}</span>
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}
