import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PermissionSet } from '@core/permissions';
import { getEditorPermissions, putEditorPermissions } from './admin-api';

const permissionsKey = (email: string) => ['admin', 'editorPermissions', email.toLowerCase()];

/** The editor's stored set (null: none stored yet), the version it is at and its last change. */
export function useEditorPermissions(email: string) {
  return useQuery({
    queryKey: permissionsKey(email),
    queryFn: () => getEditorPermissions(email),
  });
}

/**
 * PUT the whole set at the version it was loaded at; on success the stored set is read again. A
 * 409 (changed by someone else) is left for the admin to reload.
 */
export function useSaveEditorPermissions(email: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ permissionSet, version }: { permissionSet: PermissionSet; version: number }) =>
      putEditorPermissions({ email, permissionSet, version }),
    // Awaited, so the mutation stays pending (Save disabled) until the fresh set is in.
    onSuccess: () => client.invalidateQueries({ queryKey: permissionsKey(email) }),
  });
}
