import { Link } from 'react-router';

/** The header's account area: Login and Register for visitors (SPEC §2 Layout). */
export function HeaderAccount() {
  return (
    <div className="header-account">
      <Link to="/login" className="button">
        Login
      </Link>
      <Link to="/register" className="button primary">
        Register
      </Link>
    </div>
  );
}
