import { useRef } from 'react';
import { useHashTarget } from '../../../hooks/use-hash-target';
import { useNotifications, useReadAllNotifications, useReadNotification } from '../api/alerts';
import { formatDateTime } from '@core/format';

/** The list's place on the dashboard, where the header's bell leads. */
export const NOTIFICATIONS_ANCHOR = 'notifications';

/** The in-app notices of fired price alerts and verdict changes, newest first, with the unread count. */
export function NotificationsPanel() {
  const { data, isPending, error } = useNotifications();
  const section = useRef<HTMLElement>(null);
  // Arriving from the bell: the list comes into view and takes the focus, also once it loaded.
  useHashTarget(NOTIFICATIONS_ANCHOR, section, !isPending);
  const read = useReadNotification();
  const readAll = useReadAllNotifications();
  const notifications = data?.notifications ?? [];
  const unread = data?.unread ?? 0;
  return (
    <section
      ref={section}
      id={NOTIFICATIONS_ANCHOR}
      tabIndex={-1}
      className="card notifications-panel"
      aria-labelledby="dashboard-notifications"
    >
      <h2 id="dashboard-notifications">
        Notifications{' '}
        <span className="unread-count" aria-label={`${unread} unread`}>
          {unread}
        </span>
      </h2>
      {unread > 0 && (
        <button type="button" onClick={() => readAll.mutate()} disabled={readAll.isPending}>
          Mark all read
        </button>
      )}
      {isPending ? (
        <p>Loading notifications…</p>
      ) : error ? (
        <p role="alert">{error.message}</p>
      ) : notifications.length === 0 ? (
        <p>
          No notifications. Fired price alerts and verdict changes of your stocks appear here and by
          e-mail.
        </p>
      ) : (
        <ul className="notification-list">
          {notifications.map((n) => (
            <li key={n.id} className={n.read ? 'notification' : 'notification unread'}>
              <strong>{n.title}</strong>
              <span>{n.body}</span>
              <time dateTime={n.at}>{formatDateTime(n.at)}</time>
              {!n.read && (
                <button
                  type="button"
                  onClick={() => read.mutate(n.id)}
                  disabled={read.isPending}
                  aria-label={`Mark read: ${n.title}`}
                >
                  Mark read
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
