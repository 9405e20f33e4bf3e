import { lazy, Suspense } from 'react';
import { useAuth } from '../lib/auth/auth-context';

// Loaded only for a signed-in user: it reaches the API (and the identity library).
const NotificationBell = lazy(() =>
  import('../features/dashboard/components/NotificationBell').then((m) => ({
    default: m.NotificationBell,
  })),
);

/**
 * The header's notification bell: for users, whose dashboard lists the notices of their
 * price alerts; staff have their own dashboard and no alerts.
 */
export function HeaderNotifications() {
  const { state } = useAuth();
  if (!state.isAuthenticated || state.isAdmin || state.isEditor) return null;
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  );
}
