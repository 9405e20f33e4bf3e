import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import * as z from 'zod';
import { loginConfirmErrorText } from '@core/auth-errors';
import { EMAIL_CODE_LENGTH } from '@core/constants';
import { LOGIN_PATH } from '@core/routes';
import { emailCodeSchema, emailSchema, sanitizeEmailCode } from '@core/validation';
import * as identity from '../../../lib/auth/identity';
import { signInAfterSignUp } from '../api/sign-in-after-sign-up';
import { useAuth } from '../../../lib/auth/auth-context';
import { ErrorAlert, Notice } from './Alerts';
import { AuthCard } from './AuthCard';
import { AuthForm } from './AuthForm';
import { EmailField } from './EmailField';
import { CODE_RESENT_TEXT, ResendCodeButton } from './ResendCodeButton';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';
import { useAuthForm } from '../hooks/use-auth-form';
import type { LoginLocationState } from './LoginScreen';

/** What /register and /login hand to this screen. */
export interface VerifyLocationState {
  readonly email?: string;
}

export const VERIFIED_TEXT = 'Your e-mail address is verified. Log in to continue.';
export const UNCONFIRMED_TEXT =
  'This e-mail address is registered but not verified yet. We sent a new code to it.';

const verifySchema = z.object({ email: emailSchema, code: emailCodeSchema });
type VerifyValues = z.infer<typeof verifySchema>;

/** /verify-code: confirms the account with the e-mailed code, then signs in (§4). */
export function VerifyCodeScreen() {
  const navigate = useNavigate();
  const passed = (useLocation().state ?? {}) as VerifyLocationState;
  const { state, dispatch, completeSignIn } = useAuth();
  const knownEmail = passed.email ?? state.user?.email ?? '';
  const form = useAuthForm(verifySchema, { email: knownEmail, code: '' });
  const [busy, setBusy] = useState<'verify' | 'resend' | 'sign-in'>();
  const [error, setError] = useState<string>();
  // §4: registration found the account unconfirmed (and sent it a fresh code).
  const [notice, setNotice] = useState(state.isUnconfirmed ? UNCONFIRMED_TEXT : undefined);

  const toLogin = (email: string) => {
    const loginState: LoginLocationState = { email, notice: VERIFIED_TEXT };
    void navigate(LOGIN_PATH, { state: loginState });
  };

  const submit = async (values: VerifyValues) => {
    const email = values.email.trim();
    setBusy('verify');
    setError(undefined);
    try {
      const { step } = await identity.confirmSignUp(email, values.code);
      dispatch({ type: 'VERIFY_CODE' });
      if (step === 'COMPLETE_AUTO_SIGN_IN') {
        setBusy('sign-in');
        setNotice('Your e-mail address is verified. Signing you in…');
        // Signed in: the guard of this guest-only screen moves on to the dashboard.
        const after = await signInAfterSignUp(completeSignIn);
        if (after.kind === 'signed-in') return;
        if (after.kind === 'code-step') {
          const loginState: LoginLocationState = { email, codeStep: { phone: after.phone } };
          return void navigate(LOGIN_PATH, { state: loginState });
        }
      }
      toLogin(email);
    } catch (caught) {
      setError(loginConfirmErrorText(caught));
      setBusy(undefined);
      form.setFocus('code');
    }
  };

  const resend = async () => {
    const email = form.getValues('email').trim();
    if (busy || emailSchema.safeParse(email).success === false) {
      // No code can be sent now: like a submit attempt, show the errors and focus the first
      // invalid field (the no-op handler submits nothing).
      return form.handleSubmit(() => undefined)();
    }
    setBusy('resend');
    setError(undefined);
    try {
      await identity.resendSignUpCode(email);
      dispatch({ type: 'RESEND_CODE' });
      setNotice(CODE_RESENT_TEXT);
    } catch (caught) {
      setError(loginConfirmErrorText(caught));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <AuthCard id="verify" title="Verify your e-mail address">
      <p>
        Enter the {EMAIL_CODE_LENGTH}-digit code we sent to{' '}
        {knownEmail ? <strong>{knownEmail}</strong> : 'your e-mail address'}.
      </p>
      <Notice message={notice} />
      <ErrorAlert message={error} />
      <AuthForm form={form} busy={busy !== undefined} onValid={submit}>
        {!knownEmail && <EmailField control={form.control} autoComplete="email" />}
        <TextField
          id="verification-code"
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={EMAIL_CODE_LENGTH}
          autoFocus={Boolean(knownEmail)}
          control={form.control}
          name="code"
          sanitize={sanitizeEmailCode}
        />
        <SubmitButton
          busy={busy === 'verify' || busy === 'sign-in'}
          idle="Verify"
          busyText={busy === 'sign-in' ? 'Signing In' : 'Verifying'}
        />
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
