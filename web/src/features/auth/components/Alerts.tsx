import { Link } from 'react-router';
import {
  DISABLED_ACCOUNT_NEXT_STEP_TEXT,
  isDisabledAccountText,
  LOGIN_ERROR_TITLE,
} from '@core/auth-errors';
import { CONTACT_PATH } from '@core/routes';
import { SUPPORT_EMAIL } from '../../../lib/brand';

/**
 * The destructive alert of the auth screens, titled 'Error' (SPEC §8), with the next step where the
 * service's words leave the user without one (a disabled account).
 */
export function ErrorAlert({ message }: { readonly message: string | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className="auth-alert destructive">
      <p className="auth-alert-title">{LOGIN_ERROR_TITLE}</p>
      <p className="auth-alert-message">{message}</p>
      {isDisabledAccountText(message) && (
        <p className="auth-alert-next-step">
          {DISABLED_ACCOUNT_NEXT_STEP_TEXT} Write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}?subject=Disabled%20account`}>{SUPPORT_EMAIL}</a> or see
          the <Link to={CONTACT_PATH}>contact page</Link>.
        </p>
      )}
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
