import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

const show = (open: boolean, busy = false) => {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <ConfirmDialog
      open={open}
      title="Switch to yearly?"
      confirmLabel="Switch"
      busy={busy}
      busyLabel="Switching"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>The unused part of this month is credited.</p>
    </ConfirmDialog>,
  );
  return { ...view, onConfirm, onCancel };
};

describe('ConfirmDialog', () => {
  it('is not there until opened', () => {
    show(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens as a dialog named by its title, and answers confirm and cancel', async () => {
    const { onConfirm, onCancel } = show(true);
    const dialog = screen.getByRole('dialog', { name: 'Switch to yearly?' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveTextContent('The unused part of this month is credited.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Switch' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('cancels on Escape (the dialog’s cancel event) but not while busy', () => {
    const { onCancel, rerender } = show(true);
    screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledOnce();
    rerender(
      <ConfirmDialog
        open
        title="Switch to yearly?"
        confirmLabel="Switch"
        busy
        busyLabel="Switching"
        onConfirm={() => {}}
        onCancel={onCancel}
      >
        <p>…</p>
      </ConfirmDialog>,
    );
    screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Switching' })).toBeDisabled();
  });
});
