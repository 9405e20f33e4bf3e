import { useEffect, useRef, useState } from 'react';
import * as z from 'zod';
import { verificationTimeoutError } from '@core/auth-errors';
import { OTP_LENGTH, VERIFICATION_TIMEOUT_MS } from '@core/constants';
import { otpStepOutcome, type OtpStepOutcome } from '@core/sign-in-steps';
import { otpSchema, sanitizeOtpInput } from '@core/validation';
import * as identity from '../../../lib/auth/identity';
import { withTimeout } from '../lib/with-timeout';
import { ErrorAlert } from './Alerts';
import { AuthCard } from './AuthCard';
import { AuthForm } from './AuthForm';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';
import { useAuthForm } from '../hooks/use-auth-form';

export const OTP_SENT_TEXT = 'An SMS with an OTP code has been sent to your phone number';

export interface OtpStepProps {
  /** The masked phone number the service reported, if any. */
  readonly phone: string | undefined;
  /** A device proof to register with the right code (Remember me), or undefined. */
  readonly enrol?: () => string | undefined;
  /**
   * The code was accepted: finish the sign-in (the login screen moves on or says why not), with
   * the device proof the server registered, if any.
   */
  readonly onVerified: (enrolled: string | undefined) => Promise<void>;
  /** The sign-in cannot continue (ended by the service, or the user went back). */
  readonly onRestart: (message?: string) => void;
}

/**
 * §4: the step gives up after 15000 ms, but the service may still accept the code later and the
 * identity library then stores a session nobody takes up — the user was told it timed out. It is
 * signed out again, quietly, so a new attempt starts clean instead of meeting "already signed in".
 */
function undoLateSignIn(answer: identity.SignInResult): void {
  if (otpStepOutcome({ answer }).kind === 'done') void identity.signOut().catch(() => {});
}

const otpFormSchema = z.object({ code: otpSchema });
type OtpValues = z.infer<typeof otpFormSchema>;

/** The second login step 'Verification Code' (SPEC §2, §4, §8). */
export function OtpStep({ phone, enrol, onVerified, onRestart }: OtpStepProps) {
  const form = useAuthForm(otpFormSchema, { code: '' });
  const { setFocus } = form;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    // Focus the code input once, when the step appears.
    setFocus('code');
    return () => {
      mounted.current = false;
    };
  }, [setFocus]);

  const submit = async ({ code }: OtpValues) => {
    setBusy(true);
    setError(undefined);
    let outcome: OtpStepOutcome;
    const enrolled = enrol?.();
    try {
      const answer = await withTimeout(
        identity.confirmSignIn(code, enrolled),
        VERIFICATION_TIMEOUT_MS,
        verificationTimeoutError,
        undoLateSignIn,
      );
      outcome = otpStepOutcome({ answer });
    } catch (caught) {
      outcome = otpStepOutcome({ error: caught });
    }
    if (outcome.kind === 'done') await onVerified(enrolled);
    if (outcome.kind === 'restart') return onRestart(outcome.message);
    if (!mounted.current) return;
    setBusy(false);
    if (outcome.kind === 'done') return;
    // A wrong code: a fresh, untouched field for the next try (the alert says what went wrong).
    if (outcome.kind === 'retry') form.resetField('code');
    setError(outcome.message);
    setFocus('code');
  };

  return (
    <AuthCard id="otp" title="Verification Code">
      <p>
        {OTP_SENT_TEXT}
        {phone ? ` ${phone}` : ''}.
      </p>
      <ErrorAlert message={error} />
      <AuthForm form={form} busy={busy} onValid={submit}>
        <TextField
          id="otp-code"
          label="ENTER OTP"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          pattern={`\\d{${OTP_LENGTH}}`}
          hint={`${OTP_LENGTH} digits`}
          control={form.control}
          name="code"
          sanitize={sanitizeOtpInput}
        />
        <SubmitButton busy={busy} idle="Verify" busyText="Verifying" />
      </AuthForm>
      <p className="auth-footer">
        <button type="button" className="link-button" onClick={() => onRestart()}>
          Back to login
        </button>
      </p>
    </AuthCard>
  );
}
