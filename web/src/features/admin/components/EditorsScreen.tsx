import { Link, useLocation, useSearchParams } from 'react-router';
import type { FlatUser } from '../api/admin-api';
import { PermissionSetEditor } from './PermissionSetEditor';
import { SETTINGS_PATH } from '../lib/settings-sections';
import { UserDirectory } from './UserDirectory';
import '../../../components/admin.css';
import { AllowedLink } from '../../../components/AllowedLink';

/** Links carry this state so the editor takes focus only when an admin picked it. */
interface PickState {
  readonly picked?: boolean;
}

/**
 * /admin/settings/editors: the editor group's members; ?editor=<e-mail> opens that editor's
 * permission set (in the address, so it can be bookmarked and Back closes it).
 */
export function EditorsScreen() {
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: PickState | null };
  const chosen = params.get('editor')?.trim() || undefined;

  const editLink = (user: FlatUser, name: string) =>
    user.email ? (
      <Link
        to={{ search: `?${new URLSearchParams({ editor: user.email }).toString()}` }}
        state={{ picked: true } satisfies PickState}
        aria-current={user.email === chosen ? 'page' : undefined}
      >
        Permissions<span className="visually-hidden"> of {name}</span>
      </Link>
    ) : (
      <span className="muted">No e-mail</span>
    );

  return (
    <section className="admin" aria-labelledby="editors-title">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <AllowedLink to={SETTINGS_PATH}>Settings</AllowedLink> / Editors
      </nav>
      <h1 id="editors-title">Editors</h1>
      <p className="lead">
        Accounts in the editor group. What each may read, create, update and delete is its
        permission set: choose an editor to see and change it.
      </p>
      <UserDirectory
        listing="editors"
        caption="Editors"
        noun={['editor', 'editors']}
        action={{ header: 'Permission set', render: editLink }}
      />
      {chosen && (
        <PermissionSetEditor key={chosen} email={chosen} focusOnOpen={state?.picked === true} />
      )}
    </section>
  );
}
