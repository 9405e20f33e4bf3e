import { useAuth } from '../../../lib/auth/auth-context';
import { AlertsPanel } from './AlertsPanel';
import { NotificationsPanel } from './NotificationsPanel';
import './alerts.css';

/** The dashboard's alerts and notifications (signed-in users only): its one mount point. */
export function AlertsWorkspace() {
  const { state } = useAuth();
  if (!state.isAuthenticated) return null;
  return (
    <div className="card-grid alerts-workspace">
      <AlertsPanel />
      <NotificationsPanel />
    </div>
  );
}
