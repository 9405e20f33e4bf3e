import { Link } from 'react-router';
import { decideAccess } from '@core/routes';
import { useAuth } from '../../../lib/auth/auth-context';
import { SETTINGS_SECTIONS } from '../lib/settings-sections';
import '../../../components/admin.css';

/** /admin/settings: the settings areas this session may open. */
export function AdminSettingsIndex() {
  const { state } = useAuth();
  const sections = SETTINGS_SECTIONS.filter(
    (section) => decideAccess(section.path, state).kind === 'render',
  );
  return (
    <section className="admin" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <ul className="settings-list">
        {sections.map((section) => (
          <li key={section.path}>
            <Link to={section.path}>{section.title}</Link> — {section.summary}
          </li>
        ))}
      </ul>
    </section>
  );
}
