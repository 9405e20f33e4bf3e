import { Link, useLocation, useParams } from 'react-router';
import { decideAccess } from '@core/routes';
import { useAuth } from '../../../lib/auth/auth-context';
import { SETTINGS_PATH, SETTINGS_SECTIONS, settingsPageFor } from '../lib/settings-sections';
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

/** A settings area (and its sub-pages): what it manages. */
export function AdminSettingsSection() {
  const { pathname } = useLocation();
  const { isin, id } = useParams();
  const page = settingsPageFor(pathname);
  if (!page) return null;
  const { section, subPage } = page;
  const title = subPage ? `${section.title}: ${subPage}` : section.title;
  return (
    <section className="admin" aria-labelledby="section-title">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to={SETTINGS_PATH}>Settings</Link> / <Link to={section.path}>{section.title}</Link>
      </nav>
      <h1 id="section-title">{title}</h1>
      <p className="lead">{section.summary}</p>
      {(isin || id) && (
        <dl className="admin-keys">
          {isin && (
            <>
              <dt>ISIN</dt>
              <dd>{isin}</dd>
            </>
          )}
          {id && (
            <>
              <dt>Sheet id</dt>
              <dd>{id}</dd>
            </>
          )}
        </dl>
      )}
      <h2>What this area manages</h2>
      <ul>
        {section.manages.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="notice">Editing in this area is not available in this version of StockScope.</p>
    </section>
  );
}
