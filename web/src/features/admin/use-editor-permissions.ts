import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PermissionSet } from '../../../../core/permissions';
import { getEditorPermissions, putEditorPermissions } from './admin-api';

const permissionsKey = (email: string) => ['admin', 'editorPermissions', email.toLowerCase()];

/** The editor's stored set (null: none stored yet). */
export function useEditorPermissions(email: string) {
  return useQuery({
    queryKey: permissionsKey(email),
    queryFn: async () => (await getEditorPermissions(email)).permissionSet?.accessLevels ?? null,
  });
}

/** PUT the whole set; on success the stored set is read again, so the form's baseline moves. */
export function useSaveEditorPermissions(email: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (permissionSet: PermissionSet) => putEditorPermissions(email, permissionSet),
    // Awaited, so the mutation stays pending (Save disabled) until the fresh set is in.
    onSuccess: () => client.invalidateQueries({ queryKey: permissionsKey(email) }),
  });
}
