import { useState } from 'react';

export interface AlreadySignedInProps {
  /** Take up the session the identity library already holds (the guard then moves on). */
  readonly onContinue: () => Promise<void>;
  /** End that session, so this form can sign in afresh. */
  readonly onLogOut: () => Promise<void>;
}

/**
 * §4: a sign-in is refused while a user is already signed in — typically from another tab of this
 * browser. The alert above says so; these two ways out spare the visitor a dead end.
 */
export function AlreadySignedIn({ onContinue, onLogOut }: AlreadySignedInProps) {
  const [busy, setBusy] = useState<'continue' | 'log-out'>();
  const run = (which: 'continue' | 'log-out', action: () => Promise<void>) => {
    setBusy(which);
    void action().finally(() => setBusy(undefined));
  };
  return (
    <p className="auth-actions">
      <button
        type="button"
        className="button primary"
        disabled={busy !== undefined}
        onClick={() => run('continue', onContinue)}
      >
        {busy === 'continue' ? 'Opening your account' : 'Continue to your account'}
      </button>
      <button
        type="button"
        className="button"
        disabled={busy !== undefined}
        onClick={() => run('log-out', onLogOut)}
      >
        {busy === 'log-out' ? 'Logging out' : 'Log out first'}
      </button>
    </p>
  );
}
