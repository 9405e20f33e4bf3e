import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import * as z from 'zod';
import {
  AUTHENTICATION_ERROR_TEXT,
  isAlreadySignedIn,
  loginConfirmStepText,
  loginErrorOutcome,
  VERIFY_CODE_PATH,
} from '../../../../../core/auth-errors';
import { emailSchema, passwordSchema } from '../../../../../core/validation';
import * as identity from '../api/identity';
import { clearPendingRedirect, isAdminPath, peekPendingRedirect } from '../api/pending-redirect';
import { forgetEmail, otpWanted, rememberEmail } from '../api/remembered-emails';
import { useAuth } from '../auth-context';
import { AlreadySignedIn } from '../components/AlreadySignedIn';
import { ErrorAlert, Notice } from '../components/Alerts';
import { AuthCard } from '../components/AuthCard';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { submitUnlessBusy, useAuthForm } from '../components/use-auth-form';
import { OtpStep } from './OtpStep';

/** §4 admin login: an account outside the admin group signing in from an admin path. */
export const ACCESS_DENIED_TEXT = 'Access denied';

/** What other screens hand to /login (e-mail to prefill, a line to show). */
export interface LoginLocationState {
  readonly email?: string;
  readonly notice?: string;
}

export type SignInStepOutcome = 'otp' | 'done' | 'verify-code' | 'reset-password' | 'error';

/** §4 sign-in steps: what the login screen does with each answer of the identity service. */
export function signInStepOutcome(result: identity.SignInResult): SignInStepOutcome {
  switch (result.step) {
    case 'DONE':
      return 'done';
    case 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE':
      return result.additionalInfo.trigger === 'true' ? 'otp' : 'error';
    case 'CONFIRM_SIGN_UP':
      return 'verify-code';
    case 'RESET_PASSWORD':
      return 'reset-password';
    default:
      return 'error';
  }
}

const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
type LoginValues = z.infer<typeof loginSchema>;

/** /login (SPEC §2, §4): e-mail and password, then the 4-digit code when the service asks. */
export function LoginScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const passed = (location.state ?? {}) as LoginLocationState;
  const { completeSignIn, logout } = useAuth();
  const form = useAuthForm(loginSchema, { email: passed.email ?? '', password: '' });
  const [remember, setRemember] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [otp, setOtp] = useState<{ readonly phone?: string }>();
  const [alreadySignedIn, setAlreadySignedIn] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Takes up the session the identity library holds; a text when that cannot be done. */
  const takeUpSession = async (): Promise<string | undefined> => {
    const outcome = await completeSignIn({ adminOnly: isAdminPath(peekPendingRedirect()) });
    if (outcome.kind === 'access-denied') {
      clearPendingRedirect();
      return ACCESS_DENIED_TEXT;
    }
    return outcome.kind === 'no-session' ? AUTHENTICATION_ERROR_TEXT : undefined;
  };

  /** The sign-in answered DONE (with or without the code step): finish it. */
  const finish = async (email: string): Promise<string | undefined> => {
    const message = await takeUpSession();
    if (message) return message;
    // §3: the e-mail is remembered when Remember me is on and the sign-in succeeded.
    if (remember) rememberEmail(email);
    else forgetEmail(email);
    return undefined;
  };

  const submit = async (values: LoginValues) => {
    const email = values.email.trim();
    setBusy(true);
    setError(undefined);
    setAlreadySignedIn(false);
    let message: string | undefined;
    try {
      const result = await identity.signIn(email, values.password, otpWanted(email));
      switch (signInStepOutcome(result)) {
        case 'done':
          message = await finish(email);
          break;
        case 'otp':
          setOtp({ phone: result.additionalInfo.phone });
          break;
        case 'verify-code':
          return void navigate(VERIFY_CODE_PATH, { state: { email } });
        case 'reset-password':
          return void navigate('/forget-password', { state: { email } });
        case 'error':
          message = loginConfirmStepText(result.step) ?? AUTHENTICATION_ERROR_TEXT;
      }
    } catch (caught) {
      setAlreadySignedIn(isAlreadySignedIn(caught));
      const outcome = loginErrorOutcome(caught);
      if (outcome.kind === 'verify-code') return void navigate(outcome.to, { state: { email } });
      message = outcome.message;
    } finally {
      if (mounted.current) setBusy(false);
    }
    if (mounted.current) setError(message);
  };

  if (otp) {
    return (
      <OtpStep
        phone={otp.phone}
        onVerified={async () => {
          const message = await finish(form.getValues('email').trim());
          if (message !== ACCESS_DENIED_TEXT) return message;
          // Signed out again: the password form shows why.
          setOtp(undefined);
          setError(message);
          return undefined;
        }}
        onRestart={(message) => {
          setOtp(undefined);
          setError(message);
        }}
      />
    );
  }

  return (
    <AuthCard id="login" title="Log in to your account">
      {passed.notice && <Notice message={passed.notice} />}
      <ErrorAlert message={error} />
      {alreadySignedIn && (
        <AlreadySignedIn
          onContinue={async () => {
            // Signed in, the guard of this guest-only screen moves on; otherwise say why not.
            const message = await takeUpSession();
            if (message && mounted.current) {
              setAlreadySignedIn(false);
              setError(message);
            }
          }}
          onLogOut={async () => {
            await logout().catch(() => {});
            setAlreadySignedIn(false);
            setError(undefined);
          }}
        />
      )}
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) => submitUnlessBusy(event, busy, form, submit)}
      >
        <TextField
          id="email"
          label="Email address"
          type="email"
          autoComplete="username"
          control={form.control}
          name="email"
        />
        <PasswordField
          id="password"
          label="Password"
          autoComplete="current-password"
          control={form.control}
          name="password"
        />
        <div className="form-row">
          <label className="checkbox">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            Remember me
          </label>
          <Link to="/forget-password">Forgot password</Link>
        </div>
        <SubmitButton busy={busy} idle="Login" busyText="Logging In" />
      </form>
      <p className="auth-footer">
        <Link to="/register">Register for a free account</Link>
      </p>
    </AuthCard>
  );
}
