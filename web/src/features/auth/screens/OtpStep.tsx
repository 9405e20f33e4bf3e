import { useEffect, useRef, useState } from 'react';
import * as z from 'zod';
import {
  AUTHENTICATION_ERROR_TEXT,
  errorName,
  INVALID_CODE_TEXT,
  loginConfirmStepText,
  otpStepErrorText,
  verificationTimeoutError,
} from '../../../../../core/auth-errors';
import { OTP_LENGTH, VERIFICATION_TIMEOUT_MS } from '../../../../../core/constants';
import { otpSchema, sanitizeOtpInput } from '../../../../../core/validation';
import * as identity from '../api/identity';
import { withTimeout } from '../api/with-timeout';
import { ErrorAlert } from '../components/Alerts';
import { AuthCard } from '../components/AuthCard';
import { SubmitButton } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { submitUnlessBusy, useAuthForm } from '../components/use-auth-form';

export const OTP_SENT_TEXT = 'An SMS with an OTP code has been sent to your phone number';

export interface OtpStepProps {
  /** The masked phone number the service reported, if any. */
  readonly phone: string | undefined;
  /** The code was accepted: finish the sign-in; a returned text is shown as the error. */
  readonly onVerified: () => Promise<string | undefined>;
  /** The sign-in cannot continue (ended by the service, or the user went back). */
  readonly onRestart: (message?: string) => void;
}

const otpFormSchema = z.object({ code: otpSchema });
type OtpValues = z.infer<typeof otpFormSchema>;

/** The second login step 'Verification Code' (SPEC §2, §4, §8). */
export function OtpStep({ phone, onVerified, onRestart }: OtpStepProps) {
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
    let message: string | undefined;
    try {
      const result = await withTimeout(
        identity.confirmSignIn(code),
        VERIFICATION_TIMEOUT_MS,
        verificationTimeoutError,
      );
      if (result.step === 'DONE') {
        message = await onVerified();
      } else if (result.step === 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE') {
        // A wrong code: the service asks again (up to its limit of attempts).
        message = INVALID_CODE_TEXT;
        // A fresh, untouched field for the next try: the alert says what went wrong.
        form.resetField('code');
      } else {
        message = loginConfirmStepText(result.step) ?? AUTHENTICATION_ERROR_TEXT;
      }
    } catch (caught) {
      message = otpStepErrorText(caught);
      // The service ended the sign-in (too many wrong codes, expired session): start again.
      if (errorName(caught) === 'NotAuthorizedException') return onRestart(message);
    } finally {
      if (mounted.current) setBusy(false);
    }
    if (mounted.current) {
      setError(message);
      if (message) setFocus('code');
    }
  };

  return (
    <AuthCard id="otp" title="Verification Code">
      <p>
        {OTP_SENT_TEXT}
        {phone ? ` ${phone}` : ''}.
      </p>
      <ErrorAlert message={error} />
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) => submitUnlessBusy(event, busy, form, submit)}
      >
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
      </form>
      <p className="auth-footer">
        <button type="button" className="link-button" onClick={() => onRestart()}>
          Back to login
        </button>
      </p>
    </AuthCard>
  );
}
