import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import * as z from 'zod';
import { errorName, registrationErrorResult } from '@core/auth-errors';
import { LOGIN_PATH, VERIFY_CODE_PATH } from '@core/routes';
import {
  confirmPasswordSchema,
  emailSchema,
  normalisePhoneNumber,
  passwordSchema,
  passwordsMatch,
  phoneNumberSchema,
} from '@core/validation';
import { existingAccountStatus } from '../lib/account-status';
import * as identity from '../../../lib/auth/identity';
import { signInAfterSignUp } from '../api/sign-in-after-sign-up';
import { useAuth } from '../../../lib/auth/auth-context';
import { ErrorAlert, Notice } from './Alerts';
import { AuthCard } from './AuthCard';
import { AuthForm } from './AuthForm';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';
import { useAuthForm } from '../hooks/use-auth-form';
import type { LoginLocationState } from './LoginScreen';
import type { VerifyLocationState } from './VerifyCodeScreen';

const registerSchema = z
  .object({
    email: emailSchema,
    phoneNumber: phoneNumberSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .check(passwordsMatch('password', 'confirmPassword'));
type RegisterValues = z.infer<typeof registerSchema>;

const ACCOUNT_READY_TEXT = 'Your account is ready. Log in to continue.';

/** /register: e-mail, phone number and password; the e-mailed code comes next (/verify-code). */
export function RegisterScreen() {
  const navigate = useNavigate();
  const { dispatch, completeSignIn } = useAuth();
  const form = useAuthForm(registerSchema, {
    email: '',
    phoneNumber: '',
    password: '',
    confirmPassword: '',
  });
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string>();
  const [error, setError] = useState<string>();

  const submit = async (values: RegisterValues) => {
    const email = values.email.trim();
    const phoneNumber = normalisePhoneNumber(values.phoneNumber);
    setBusy(true);
    setError(undefined);
    try {
      const { step } = await identity.signUp(email, phoneNumber, values.password);
      dispatch({ type: 'REGISTER', user: { email, phoneNumber } });
      if (step === 'CONFIRM_SIGN_UP') {
        const state: VerifyLocationState = { email };
        return void navigate(VERIFY_CODE_PATH, { state });
      }
      if (step === 'COMPLETE_AUTO_SIGN_IN') {
        setStatus('Signing you in…');
        const after = await signInAfterSignUp(completeSignIn);
        if (after.kind === 'signed-in') return;
        if (after.kind === 'code-step') {
          const state: LoginLocationState = { email, codeStep: { phone: after.phone } };
          return void navigate(LOGIN_PATH, { state });
        }
      }
      const state: LoginLocationState = { email, notice: ACCOUNT_READY_TEXT };
      return void navigate(LOGIN_PATH, { state });
    } catch (caught) {
      const accountStatus =
        errorName(caught) === 'UsernameExistsException'
          ? await existingAccountStatus(identity.resendSignUpCode, email)
          : undefined;
      const result = registrationErrorResult(caught, accountStatus);
      if (result.isUnconfirmed) {
        dispatch({ type: 'REGISTER', user: { email }, isUnconfirmed: true });
        const state: VerifyLocationState = { email };
        return void navigate(VERIFY_CODE_PATH, { state });
      }
      setError(result.message);
      setBusy(false);
    }
  };

  return (
    <AuthCard id="register" title="Create your free account">
      <ErrorAlert message={error} />
      <Notice message={status} />
      <AuthForm form={form} busy={busy} onValid={submit}>
        <EmailField control={form.control} autoComplete="email" />
        <TextField
          id="phone-number"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          hint="With the country code, e.g. +15551234567. Login codes are sent here by SMS."
          control={form.control}
          name="phoneNumber"
        />
        <PasswordField
          id="password"
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters with a lower case and an upper case letter, a digit and one of !@#$%^&*()_+"
          control={form.control}
          name="password"
          deps={['confirmPassword']}
        />
        <PasswordField
          id="confirm-password"
          label="Confirm password"
          autoComplete="new-password"
          control={form.control}
          name="confirmPassword"
        />
        <SubmitButton busy={busy} idle="Register" busyText="Registering" />
      </AuthForm>
      <p className="auth-footer">
        Already have an account? <Link to={LOGIN_PATH}>Log in</Link>
      </p>
    </AuthCard>
  );
}
