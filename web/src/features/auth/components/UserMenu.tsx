import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { homeFor, profileFor } from '@core/routes';
import { useAuth } from '../../../lib/auth/auth-context';
import { useLogout } from '../hooks/use-logout';

/**
 * The header's menu for a signed-in account (SPEC §2 Layout): its dashboard, Profile and Logout —
 * each a page this role may open (§6: staff have their own dashboard and profile).
 */
export function UserMenu() {
  const { state } = useAuth();
  const { logOut, busy, error } = useLogout();
  const { pathname } = useLocation();
  // Open on the page where it was opened: a new page closes it.
  const [openOn, setOpenOn] = useState<string>();
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : undefined);
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

  const label = state.user?.email ?? 'Account';
  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button user-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        // Named in full even on phones, where the e-mail gives way to its initial.
        aria-label={`Account menu for ${label}`}
        // A long e-mail ends in an ellipsis on the button: the tooltip shows all of it.
        title={label}
      >
        <span className="user-menu-initial" aria-hidden="true">
          {label.charAt(0).toUpperCase()}
        </span>
        <span className="user-menu-label phone-hidden">{label}</span>
      </button>
      <ul id={menuId} className="user-menu-list" hidden={!open}>
        <li>
          <Link to={homeFor(state)}>Dashboard</Link>
        </li>
        <li>
          <Link to={profileFor(state)}>Profile</Link>
        </li>
        <li>
          <button type="button" disabled={busy} onClick={() => void logOut()}>
            {busy ? 'Logging out' : 'Logout'}
          </button>
        </li>
        {error && (
          <li role="alert" className="user-menu-error">
            {error}
          </li>
        )}
      </ul>
    </div>
  );
}
