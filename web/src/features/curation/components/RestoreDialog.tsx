import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { VersionedEdit } from '../lib/use-versioned-edit';

/** The confirmation before a kept version is restored; `children` say what the restore does. */
export function RestoreDialog({
  edit,
  children,
}: {
  readonly edit: Pick<
    VersionedEdit,
    'restoring' | 'setRestoring' | 'confirmRestore' | 'restoringBusy'
  >;
  readonly children: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={edit.restoring !== null}
      title={`Restore version ${edit.restoring?.version ?? ''}?`}
      confirmLabel="Restore"
      cancelLabel="Cancel"
      busy={edit.restoringBusy}
      busyLabel="Restoring…"
      onConfirm={edit.confirmRestore}
      onCancel={() => edit.setRestoring(null)}
    >
      {children}
    </ConfirmDialog>
  );
}
