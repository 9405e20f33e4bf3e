/** A submit button that shows its busy text and is disabled while the request runs. */
export function SubmitButton({
  busy,
  idle,
  busyText,
  disabled,
}: {
  readonly busy: boolean;
  readonly idle: string;
  readonly busyText: string;
  readonly disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      className="button primary block"
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {busy && <span className="spinner small" aria-hidden="true" />}
      {busy ? busyText : idle}
    </button>
  );
}
