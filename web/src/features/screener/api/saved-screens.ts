import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subscriptionApi } from '../../../lib/apis/subscription';
import { callAsUser } from '../../../lib/auth/call-as-user';

const KEY = ['saved-screens'] as const;

/** GET /api/subscription/screens: the signed-in user's saved screens and their plan's limit. */
export function useSavedScreens() {
  return useQuery({ queryKey: KEY, queryFn: () => callAsUser(subscriptionApi, 'savedScreens') });
}

/** POST (save under a name; the same name replaces) and DELETE, refreshing the list after. */
export function useSavedScreenChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const save = useMutation({
    mutationFn: (body: { name: string; params: Record<string, string> }) =>
      callAsUser(subscriptionApi, 'saveScreen', { body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => callAsUser(subscriptionApi, 'deleteScreen', { params: { id } }),
    onSuccess: refresh,
  });
  return { save, remove };
}
