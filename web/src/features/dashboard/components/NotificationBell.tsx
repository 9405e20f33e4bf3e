import { Link } from 'react-router';
import { DASHBOARD_PATH } from '@core/routes';
import { useNotifications } from '../api/alerts';
import { NOTIFICATIONS_ANCHOR } from './NotificationsPanel';
import './notification-bell.css';

/** The count the badge shows; the link's name always says the exact number. */
const BADGE_MAX = 99;

/**
 * The header's bell: how many notices of fired alerts are unread, on every page, and a way to the
 * list. Its name carries the count ("Notifications, 2 unread") because the badge is only drawn.
 * It shares the list's query, so reading a notice there updates it here.
 */
export function NotificationBell() {
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  return (
    <Link
      to={`${DASHBOARD_PATH}#${NOTIFICATIONS_ANCHOR}`}
      className="button notification-bell"
      aria-label={`Notifications, ${unread} unread`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
        <path
          d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6Zm-2 15a2 2 0 0 0 4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {unread > 0 && (
        <span className="notification-badge" aria-hidden="true">
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      )}
    </Link>
  );
}
