import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import * as z from 'zod';
import { errorMessage, loginConfirmErrorText } from '../../../../../core/auth-errors';
import { emailSchema } from '../../../../../core/validation';
import * as identity from '../api/identity';
import { EMAIL_CODE_LENGTH, emailCodeSchema, sanitizeEmailCode } from '../api/registration-rules';
import { signInAfterSignUp } from '../api/sign-in-after-sign-up';
import { useAuth } from '../auth-context';
import { ErrorAlert, Notice } from '../components/Alerts';
import { AuthCard } from '../components/AuthCard';
import { SubmitButton } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { submitUnlessBusy, useAuthForm } from '../components/use-auth-form';
import type { LoginLocationState } from './LoginScreen';

/** What /register and /login hand to this screen. */
export interface VerifyLocationState {
  readonly email?: string;
  /** Registration started an auto sign-in that completes after the code. */
  readonly autoSignIn?: boolean;
  /** A fresh code was just sent (the account existed unconfirmed). */
  readonly resent?: boolean;
}

export const VERIFIED_TEXT = 'Your e-mail address is verified. Log in to continue.';
export const CODE_RESENT_TEXT = 'A new code has been sent to your e-mail address.';
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
  const [notice, setNotice] = useState<string | undefined>(
    passed.resent || state.isUnconfirmed ? UNCONFIRMED_TEXT : undefined,
  );

  const toLogin = (email: string, text = VERIFIED_TEXT) => {
    const loginState: LoginLocationState = { email, notice: text };
    void navigate('/login', { state: loginState });
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
        if (await signInAfterSignUp(completeSignIn)) return;
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
      setError(errorMessage(caught) || loginConfirmErrorText(caught));
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
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) => submitUnlessBusy(event, busy, form, submit)}
      >
        {!knownEmail && (
          <TextField
            id="email"
            label="Email address"
            type="email"
            autoComplete="email"
            control={form.control}
            name="email"
          />
        )}
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
      </form>
      <p className="auth-footer">
        <button
          type="button"
          className="link-button"
          disabled={busy !== undefined}
          onClick={() => void resend()}
        >
          {busy === 'resend' ? 'Sending code' : 'Resend code'}
        </button>
        <Link to="/login">Back to login</Link>
      </p>
    </AuthCard>
  );
}
