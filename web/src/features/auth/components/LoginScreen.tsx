import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import * as z from 'zod';
import {
  ACCESS_DENIED_TEXT,
  AUTHENTICATION_ERROR_TEXT,
  isAlreadySignedIn,
  loginErrorOutcome,
} from '@core/auth-errors';
import { formatDeviceProof, newDeviceProof } from '@core/device-proof';
import { FORGET_PASSWORD_PATH, REGISTER_PATH } from '@core/routes';
import { signInStepOutcome } from '@core/sign-in-steps';
import { emailSchema, passwordSchema } from '@core/validation';
import * as identity from '../../../lib/auth/identity';
import { deviceProofFor, forgetDevice, rememberDevice } from '../lib/remembered-devices';
import { useAuth, type SignInOutcome } from '../../../lib/auth/auth-context';
import { AlreadySignedIn } from './AlreadySignedIn';
import { ErrorAlert, Notice } from './Alerts';
import { AuthCard } from './AuthCard';
import { AuthForm } from './AuthForm';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';
import { SubmitButton } from './SubmitButton';
import { useAuthForm } from '../hooks/use-auth-form';
import { OtpStep } from './OtpStep';

/**
 * What other screens hand to /login: the e-mail to prefill, a line to show, and — after the auto
 * sign-in of a new account reached the code step — that step, opened at once.
 */
export interface LoginLocationState {
  readonly email?: string;
  readonly notice?: string;
  readonly codeStep?: { readonly phone: string | undefined };
}

/** Why a finished sign-in did not take: the text the password form shows. */
const FAILED_SIGN_IN_TEXT: Readonly<Record<Exclude<SignInOutcome['kind'], 'signed-in'>, string>> = {
  'access-denied': ACCESS_DENIED_TEXT,
  'no-session': AUTHENTICATION_ERROR_TEXT,
};

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
  const [otp, setOtp] = useState<{ readonly phone: string | undefined } | undefined>(
    passed.codeStep,
  );
  const [alreadySignedIn, setAlreadySignedIn] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /**
   * Takes up the session the identity library holds. Signed in, the guard of this guest-only
   * screen moves on; otherwise the text to show.
   */
  const takeUpSession = async (): Promise<string | undefined> => {
    const outcome = await completeSignIn();
    return outcome.kind === 'signed-in' ? undefined : FAILED_SIGN_IN_TEXT[outcome.kind];
  };

  /**
   * The sign-in answered DONE: finish it. `enrolled` is the device proof the server registered with
   * a right code (Remember me); a sign-in the server let through on this device's proof keeps it.
   */
  const finish = async (email: string, enrolled?: string): Promise<string | undefined> => {
    const message = await takeUpSession();
    if (message) return message;
    // §3: the e-mail is remembered when Remember me is on and the verification succeeded.
    if (!remember) forgetDevice(email);
    else if (enrolled) rememberDevice(email, enrolled);
    return undefined;
  };

  const submit = async (values: LoginValues) => {
    const email = values.email.trim();
    setBusy(true);
    setError(undefined);
    setAlreadySignedIn(false);
    let message: string | undefined;
    try {
      const outcome = signInStepOutcome(
        await identity.signIn(email, values.password, deviceProofFor(email)),
      );
      switch (outcome.kind) {
        case 'done':
          message = await finish(email);
          break;
        case 'otp':
          setOtp({ phone: outcome.phone });
          break;
        case 'verify-code':
        case 'reset-password':
          return void navigate(outcome.to, { state: { email } });
        case 'error':
          message = outcome.message;
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

  /** Back on the password form, saying why. */
  const restart = (message?: string) => {
    setOtp(undefined);
    setError(message);
  };

  if (otp) {
    return (
      <OtpStep
        phone={otp.phone}
        // With Remember me, a fresh device id and secret the server registers with the right code.
        enrol={() => (remember ? formatDeviceProof(newDeviceProof()) : undefined)}
        onVerified={async (enrolled) => {
          const message = await finish(form.getValues('email').trim(), enrolled);
          if (message && mounted.current) restart(message);
        }}
        onRestart={restart}
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
            // That session's e-mail need not be the typed one: nothing is remembered.
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
      <AuthForm form={form} busy={busy} onValid={submit}>
        <EmailField control={form.control} autoComplete="username" />
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
          <Link to={FORGET_PASSWORD_PATH}>Forgot password</Link>
        </div>
        <SubmitButton busy={busy} idle="Login" busyText="Logging In" />
      </AuthForm>
      <p className="auth-footer">
        <Link to={REGISTER_PATH}>Register for a free account</Link>
      </p>
    </AuthCard>
  );
}
