import { LOGIN_ERROR_TITLE } from '@core/auth-errors';

/** The destructive alert of the auth screens, titled 'Error' (SPEC §8). */
export function ErrorAlert({ message }: { readonly message: string | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className="auth-alert destructive">
      <p className="auth-alert-title">{LOGIN_ERROR_TITLE}</p>
      <p className="auth-alert-message">{message}</p>
    </div>
  );
}

/** A polite status line (code sent, password changed, …). */
export function Notice({ message }: { readonly message: string | undefined }) {
  return (
    <div role="status" className={message ? 'auth-alert notice' : 'auth-alert-empty'}>
      {message}
    </div>
  );
}
