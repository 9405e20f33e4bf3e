import { useState } from 'react';
import { useNavigate } from 'react-router';
import { serviceErrorText } from '@core/auth-errors';
import { LOGIN_PATH } from '@core/routes';
import { useAuth } from '../../../lib/auth/auth-context';

/**
 * §4 logout: sign out (every device with `global`), end the session, go to /login. A sign-out that
 * failed leaves the user signed in where they are, with `error` saying why.
 */
export function useLogout() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const logOut = async (options?: { readonly global?: boolean }) => {
    setBusy(true);
    setError(undefined);
    try {
      await logout(options);
      void navigate(LOGIN_PATH);
    } catch (caught) {
      console.error('Logout failed', caught);
      setError(serviceErrorText(caught));
    } finally {
      setBusy(false);
    }
  };
  return { logOut, busy, error };
}
