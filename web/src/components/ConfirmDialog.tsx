import { useId, type ReactNode } from 'react';
import { useModalDialog } from '../hooks/use-modal-dialog';
import './modal-dialog.css';

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly children: ReactNode;
  readonly confirmLabel: string;
  readonly cancelLabel?: string;
  /** The confirmed action is running: its button is disabled and says so. */
  readonly busy?: boolean;
  readonly busyLabel?: string;
  /** The action cannot be confirmed yet (what it would do is still being worked out). */
  readonly confirmDisabled?: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/**
 * Asks before an action with consequences (a charge, a change of plan). The browser's modal
 * <dialog>: focus moves into it and stays, the page behind is inert, Escape cancels.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Not now',
  busy = false,
  busyLabel,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useModalDialog();
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="modal-dialog confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the parent decides (it closes the dialog by no longer rendering it).
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="dialog-actions">
        <button type="button" className="button" disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className="button primary"
          disabled={busy || confirmDisabled}
          aria-busy={busy}
          onClick={onConfirm}
        >
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
