import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import * as z from 'zod';
import { serviceErrorText } from '@core/auth-errors';
import {
  confirmPasswordSchema,
  currentPasswordSchema,
  passwordSchema,
  passwordsMatch,
} from '@core/validation';
import * as identity from '../../../lib/auth/identity';
import { useAuth } from '../../../lib/auth/auth-context';
import { userRecordQuery } from '../../../lib/shariah-standard';
import { PhoneChange } from './PhoneChange';
import { ShariahStandardSetting } from './ShariahStandardSetting';
import { ErrorAlert, Notice } from './Alerts';
import { AuthForm } from './AuthForm';
import { PasswordField } from './PasswordField';
import { SubmitButton } from './SubmitButton';
import { useAuthForm } from '../hooks/use-auth-form';
import { useLogout } from '../hooks/use-logout';
import './auth.css';

export const PASSWORD_CHANGED_TEXT = 'Your password has been changed.';

const yesNo = (value: string | boolean | undefined) =>
  value === 'true' || value === true ? 'Yes' : 'No';

/**
 * /profile (users) and /admin/profile (admins and editors): account details, the subscription
 * (users: the panel app/ composes in, from features/subscription), the Shariah standard the lists
 * show, the phone number sign-in codes go to, password change and sign-out everywhere.
 */
export function ProfileScreen({ subscription }: { readonly subscription?: ReactNode }) {
  const { state } = useAuth();
  const staff = state.isAdmin || state.isEditor;
  const attributes = useQuery({
    queryKey: ['auth', 'attributes', state.user?.sub],
    queryFn: () => identity.fetchUserAttributes(),
  });
  const email = state.user?.email;
  // The number the sign-in codes go to is the record's (verified by a code), not the attribute.
  const recordQuery = userRecordQuery(state.user?.sub, email);
  const record = useQuery(recordQuery);
  const details = attributes.data;
  return (
    <section className="profile" aria-labelledby="profile-title">
      <h1 id="profile-title">Your profile</h1>
      <div className="profile-grid">
        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title">Account details</h2>
          {attributes.isPending && <p role="status">Loading your account…</p>}
          {attributes.isError && (
            <p role="alert">Your account details could not be loaded. Reload to try again.</p>
          )}
          <dl className="details stacked">
            <dt>Email address</dt>
            <dd>{details?.email ?? state.user?.email ?? '—'}</dd>
            <dt>Email verified</dt>
            <dd>{details ? yesNo(details.email_verified) : '—'}</dd>
            <dt>Phone number (sign-in codes)</dt>
            <dd>{record.data?.phoneNumber ?? details?.phone_number ?? '—'}</dd>
            <dt>Phone verified</dt>
            <dd>{record.data ? yesNo(record.data.phoneVerified) : '—'}</dd>
          </dl>
        </section>
        {!staff && subscription}
        <ShariahStandardSetting record={record.data} queryKey={recordQuery.queryKey} />
        <PhoneChange onChanged={() => void record.refetch()} />
        <ChangePassword />
        <SignOutEverywhere />
      </div>
    </section>
  );
}

const changePasswordSchema = z
  .object({
    oldPassword: currentPasswordSchema,
    newPassword: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .check(passwordsMatch('newPassword', 'confirmPassword'));
type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

function ChangePassword() {
  const form = useAuthForm(changePasswordSchema, {
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const submit = async (values: ChangePasswordValues) => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await identity.updatePassword(values.oldPassword, values.newPassword);
      setNotice(PASSWORD_CHANGED_TEXT);
      // Done: an empty, untouched form (no "required" errors under a success notice).
      form.reset();
    } catch (caught) {
      setError(serviceErrorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <ErrorAlert message={error} />
      <Notice message={notice} />
      <AuthForm form={form} busy={busy} onValid={submit}>
        <PasswordField
          id="old-password"
          label="Current password"
          autoComplete="current-password"
          control={form.control}
          name="oldPassword"
        />
        <PasswordField
          id="new-password"
          label="New password"
          autoComplete="new-password"
          control={form.control}
          name="newPassword"
          deps={['confirmPassword']}
        />
        <PasswordField
          id="confirm-password"
          label="Confirm new password"
          autoComplete="new-password"
          control={form.control}
          name="confirmPassword"
        />
        <SubmitButton busy={busy} idle="Change password" busyText="Changing password" />
      </AuthForm>
    </section>
  );
}

/** §4 logout on every device; a global sign-out the service did not confirm is reported here. */
function SignOutEverywhere() {
  const { logOut, busy, error } = useLogout();
  return (
    <section className="card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      <p>Signs you out here and on every other device and browser.</p>
      <ErrorAlert message={error} />
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void logOut({ global: true })}
      >
        {busy ? 'Signing out' : 'Sign out of all devices'}
      </button>
    </section>
  );
}
