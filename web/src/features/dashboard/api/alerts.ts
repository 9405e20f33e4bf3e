import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertCondition } from '@core/alerts';
import { subscriptionApi } from '../../../lib/apis/subscription';
import { callAsUser } from '../../../lib/auth/call-as-user';
import { useAuth } from '../../../lib/auth/auth-context';

/*
 * The subscription API's alert and notification endpoints (core/api/subscription-routes.ts) as the
 * signed-in user, with their queries. Changes are not retried, so a click never runs twice.
 */

export const alertKeys = {
  all: ['alerts'] as const,
  alerts: (userId: string | undefined) => [...alertKeys.all, 'list', userId] as const,
  notifications: (userId: string | undefined) =>
    [...alertKeys.all, 'notifications', userId] as const,
};

/** The evaluator runs each minute: the list of notices follows at about that pace. */
const NOTIFICATIONS_REFRESH_MS = 30_000;

export function useAlerts() {
  const { state } = useAuth();
  return useQuery(
    queryOptions({
      queryKey: alertKeys.alerts(state.user?.sub),
      queryFn: () => callAsUser(subscriptionApi, 'alerts'),
      enabled: state.isAuthenticated,
    }),
  );
}

export function useNotifications() {
  const { state } = useAuth();
  return useQuery(
    queryOptions({
      queryKey: alertKeys.notifications(state.user?.sub),
      queryFn: () => callAsUser(subscriptionApi, 'notifications'),
      enabled: state.isAuthenticated,
      refetchInterval: NOTIFICATIONS_REFRESH_MS,
    }),
  );
}

/** After any change: the alerts and the notices (a fire changes both) are read again. */
function useAlertsChange<V, R>(run: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export const useCreateAlert = () =>
  useAlertsChange((body: { symbol: string; condition: AlertCondition }) =>
    callAsUser(subscriptionApi, 'createAlert', { body }),
  );

export const useUpdateAlert = () =>
  useAlertsChange(
    ({ id, ...body }: { id: string; condition: AlertCondition; armed: boolean; version: number }) =>
      callAsUser(subscriptionApi, 'updateAlert', { params: { id }, body }),
  );

export const useDeleteAlert = () =>
  useAlertsChange((id: string) => callAsUser(subscriptionApi, 'deleteAlert', { params: { id } }));

export const useReadNotification = () =>
  useAlertsChange((id: string) =>
    callAsUser(subscriptionApi, 'readNotification', { params: { id } }),
  );

export const useReadAllNotifications = () =>
  useAlertsChange(() => callAsUser(subscriptionApi, 'readAllNotifications'));
