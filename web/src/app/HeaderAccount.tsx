import { Link } from 'react-router';
import { LOGIN_PATH, REGISTER_PATH } from '@core/routes';
import { useAuth } from '../lib/auth/auth-context';
import { UserMenu } from '../features/auth/components/UserMenu';

/**
 * The header's account area (SPEC §2 Layout, §6): the user menu when signed in, Login and Register
 * otherwise; nothing while the session initialises, so neither flashes.
 */
export function HeaderAccount() {
  const { state } = useAuth();
  if (!state.isInitialized) return <div className="header-account" aria-hidden="true" />;
  if (state.isAuthenticated) {
    return (
      <div className="header-account">
        <UserMenu />
      </div>
    );
  }
  return (
    <div className="header-account">
      <Link to={LOGIN_PATH} className="button">
        Login
      </Link>
      <Link to={REGISTER_PATH} className="button primary">
        Register
      </Link>
    </div>
  );
}
