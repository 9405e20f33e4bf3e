/**
 * A form's Save: enabled only when there is something to save and no save is running, and says
 * so while it runs (aria-busy for assistive technology).
 */
export function SaveButton({
  dirty,
  pending,
}: {
  readonly dirty: boolean;
  readonly pending: boolean;
}) {
  return (
    <button
      type="submit"
      className="button primary"
      disabled={!dirty || pending}
      aria-busy={pending}
    >
      {pending ? 'Saving…' : 'Save'}
    </button>
  );
}
