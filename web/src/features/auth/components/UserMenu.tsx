import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ADMIN_HOME, USER_HOME } from '../../../../../core/routes';
import { useAuth } from '../auth-context';

/** The header's menu for a signed-in user (SPEC §2 Layout): Profile and Logout. */
export function UserMenu() {
  const { state, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Open on the page where it was opened: a new page closes it.
  const [openOn, setOpenOn] = useState<string>();
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : undefined);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(undefined);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(undefined);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onLogout = async () => {
    setBusy(true);
    try {
      await logout();
    } catch (error) {
      console.error('Logout failed', error);
    } finally {
      setBusy(false);
      setOpen(false);
      // §4: sign out, go to /login.
      void navigate('/login');
    }
  };

  const label = state.user?.email ?? 'Account';
  const home = state.isAdmin || state.isEditor ? ADMIN_HOME : USER_HOME;
  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button user-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <span className="visually-hidden">Account menu for </span>
        <span className="user-menu-label">{label}</span>
      </button>
      <ul id={menuId} className="user-menu-list" hidden={!open}>
        <li>
          <Link to={home}>Dashboard</Link>
        </li>
        <li>
          <Link to="/profile">Profile</Link>
        </li>
        <li>
          <button type="button" disabled={busy} onClick={() => void onLogout()}>
            {busy ? 'Logging out' : 'Logout'}
          </button>
        </li>
      </ul>
    </div>
  );
}
