import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PermissionSet } from '../../../../core/permissions';
import { getEditorPermissions, putEditorPermissions, type EditorPermissions } from './admin-api';

/** The editor's stored set (null: none stored yet), the version it is at and its last change. */
export interface StoredPermissions {
  readonly set: PermissionSet | null;
  readonly version: number;
  readonly lastChange: EditorPermissions['lastChange'];
}

const permissionsKey = (email: string) => ['admin', 'editorPermissions', email.toLowerCase()];

export function useEditorPermissions(email: string) {
  return useQuery({
    queryKey: permissionsKey(email),
    queryFn: async (): Promise<StoredPermissions> => {
      const stored = await getEditorPermissions(email);
      return {
        set: stored.permissionSet?.accessLevels ?? null,
        version: stored.version,
        lastChange: stored.lastChange,
      };
    },
  });
}

/**
 * PUT the whole set at the version it was loaded at; on success the stored set is read again, so
 * the form's baseline moves. A 409 (changed by someone else) is left for the admin to reload.
 */
export function useSaveEditorPermissions(email: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ permissionSet, version }: { permissionSet: PermissionSet; version: number }) =>
      putEditorPermissions(email, permissionSet, version),
    // Awaited, so the mutation stays pending (Save disabled) until the fresh set is in.
    onSuccess: () => client.invalidateQueries({ queryKey: permissionsKey(email) }),
  });
}
