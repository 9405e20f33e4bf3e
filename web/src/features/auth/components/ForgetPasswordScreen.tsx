import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import * as z from 'zod';
import { loginConfirmErrorText } from '@core/auth-errors';
import { EMAIL_CODE_LENGTH } from '@core/constants';
import { LOGIN_PATH } from '@core/routes';
import {
  confirmPasswordSchema,
  emailCodeSchema,
  emailSchema,
  passwordSchema,
  passwordsMatch,
  sanitizeEmailCode,
} from '@core/validation';
import * as identity from '../../../lib/auth/identity';
import { useAuth } from '../../../lib/auth/auth-context';
import { ErrorAlert, Notice } from './Alerts';
import { AuthCard } from './AuthCard';
import { AuthForm } from './AuthForm';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';
import { CODE_RESENT_TEXT, ResendCodeButton } from './ResendCodeButton';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';
import { useAuthForm } from '../hooks/use-auth-form';
import type { LoginLocationState } from './LoginScreen';

export const PASSWORD_RESET_TEXT = 'Your password has been reset. Log in with your new password.';

const requestSchema = z.object({ email: emailSchema });
type RequestValues = z.infer<typeof requestSchema>;

const resetSchema = z
  .object({
    code: emailCodeSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .check(passwordsMatch('password', 'confirmPassword'));
type ResetValues = z.infer<typeof resetSchema>;

/** /forget-password: a code by e-mail, then the code and a new password (§4), back to /login. */
export function ForgetPasswordScreen() {
  const passed = (useLocation().state ?? {}) as { readonly email?: string };
  const [email, setEmail] = useState<string>();
  return email ? (
    <ResetStep email={email} />
  ) : (
    <RequestStep initialEmail={passed.email ?? ''} onSent={setEmail} />
  );
}

function RequestStep({
  initialEmail,
  onSent,
}: {
  readonly initialEmail: string;
  readonly onSent: (email: string) => void;
}) {
  const { dispatch } = useAuth();
  const form = useAuthForm(requestSchema, { email: initialEmail });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async (values: RequestValues) => {
    const email = values.email.trim();
    setBusy(true);
    setError(undefined);
    try {
      await identity.resetPassword(email);
      dispatch({ type: 'PASSWORD_RECOVERY' });
      onSent(email);
    } catch (caught) {
      setError(loginConfirmErrorText(caught));
      setBusy(false);
    }
  };

  return (
    <AuthCard id="forgot" title="Forgot your password?">
      <p>Enter your e-mail address and we will send you a code to reset your password.</p>
      <ErrorAlert message={error} />
      <AuthForm form={form} busy={busy} onValid={submit}>
        <EmailField control={form.control} autoComplete="username" />
        <SubmitButton busy={busy} idle="Send code" busyText="Sending code" />
      </AuthForm>
      <p className="auth-footer">
        <Link to={LOGIN_PATH}>Back to login</Link>
      </p>
    </AuthCard>
  );
}

function ResetStep({ email }: { readonly email: string }) {
  const navigate = useNavigate();
  const { dispatch } = useAuth();
  const form = useAuthForm(resetSchema, { code: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState<'reset' | 'resend'>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const submit = async (values: ResetValues) => {
    setBusy('reset');
    setError(undefined);
    try {
      await identity.confirmResetPassword(email, values.code, values.password);
      dispatch({ type: 'PASSWORD_RESET' });
      const state: LoginLocationState = { email, notice: PASSWORD_RESET_TEXT };
      void navigate(LOGIN_PATH, { state });
    } catch (caught) {
      setError(loginConfirmErrorText(caught));
      setBusy(undefined);
    }
  };

  const resend = async () => {
    setBusy('resend');
    setError(undefined);
    try {
      await identity.resetPassword(email);
      setNotice(CODE_RESENT_TEXT);
    } catch (caught) {
      setError(loginConfirmErrorText(caught));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <AuthCard id="reset" title="Reset your password">
      <p>
        Enter the {EMAIL_CODE_LENGTH}-digit code we sent to <strong>{email}</strong> and choose a
        new password.
      </p>
      <Notice message={notice} />
      <ErrorAlert message={error} />
      <AuthForm form={form} busy={busy !== undefined} onValid={submit}>
        <TextField
          id="reset-code"
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={EMAIL_CODE_LENGTH}
          autoFocus
          control={form.control}
          name="code"
          sanitize={sanitizeEmailCode}
        />
        <PasswordField
          id="new-password"
          label="New password"
          autoComplete="new-password"
          control={form.control}
          name="password"
          deps={['confirmPassword']}
        />
        <PasswordField
          id="confirm-new-password"
          label="Confirm new password"
          autoComplete="new-password"
          control={form.control}
          name="confirmPassword"
        />
        <SubmitButton busy={busy === 'reset'} idle="Reset password" busyText="Resetting password" />
      </AuthForm>
      <p className="auth-footer">
        <ResendCodeButton
          sending={busy === 'resend'}
          disabled={busy !== undefined}
          onResend={() => void resend()}
        />
        <Link to={LOGIN_PATH}>Back to login</Link>
      </p>
    </AuthCard>
  );
}
