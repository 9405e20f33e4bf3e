/** Shown while authentication initialises (SPEC §2). */
export function AuthLoading() {
  return (
    <div className="screen-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      Checking your session…
    </div>
  );
}
