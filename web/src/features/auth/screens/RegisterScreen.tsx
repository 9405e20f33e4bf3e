import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  errorName,
  registrationErrorResult,
  VERIFY_CODE_PATH,
} from '../../../../../core/auth-errors';
import { emailSchema, passwordSchema } from '../../../../../core/validation';
import { existingAccountStatus } from '../api/account-status';
import * as identity from '../api/identity';
import {
  confirmPasswordError,
  normalisePhoneNumber,
  phoneNumberError,
} from '../api/registration-rules';
import { signInAfterSignUp } from '../api/sign-in-after-sign-up';
import { useAuth } from '../auth-context';
import { ErrorAlert, Notice } from '../components/Alerts';
import { AuthCard } from '../components/AuthCard';
import { PasswordField } from '../components/PasswordField';
import { SubmitButton } from '../components/SubmitButton';
import { TextField } from '../components/TextField';
import { fromSchema, useForm } from '../components/use-form';
import type { LoginLocationState } from './LoginScreen';
import type { VerifyLocationState } from './VerifyCodeScreen';

type Field = 'email' | 'phoneNumber' | 'password' | 'confirmPassword';

const rules = {
  email: fromSchema<Field>(emailSchema),
  phoneNumber: phoneNumberError,
  password: fromSchema<Field>(passwordSchema),
  confirmPassword: (value: string, values: Readonly<Record<Field, string>>) =>
    confirmPasswordError(value, values.password),
};

export const ACCOUNT_READY_TEXT = 'Your account is ready. Log in to continue.';

/** /register: e-mail, phone number and password; the e-mailed code comes next (/verify-code). */
export function RegisterScreen() {
  const navigate = useNavigate();
  const { dispatch, completeSignIn } = useAuth();
  const form = useForm({ email: '', phoneNumber: '', password: '', confirmPassword: '' }, rules);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string>();
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validateAll()) return;
    const email = form.values.email.trim();
    const phoneNumber = normalisePhoneNumber(form.values.phoneNumber);
    setBusy(true);
    setError(undefined);
    try {
      const { step } = await identity.signUp(email, phoneNumber, form.values.password);
      dispatch({ type: 'REGISTER', user: { email, phoneNumber } });
      if (step === 'CONFIRM_SIGN_UP') {
        const state: VerifyLocationState = { email, autoSignIn: true };
        return void navigate(VERIFY_CODE_PATH, { state });
      }
      if (step === 'COMPLETE_AUTO_SIGN_IN') {
        setStatus('Signing you in…');
        if (await signInAfterSignUp(completeSignIn)) return;
      }
      const state: LoginLocationState = { email, notice: ACCOUNT_READY_TEXT };
      return void navigate('/login', { state });
    } catch (caught) {
      const accountStatus =
        errorName(caught) === 'UsernameExistsException'
          ? await existingAccountStatus(identity.resendSignUpCode, email)
          : undefined;
      const result = registrationErrorResult(caught, accountStatus);
      if (result.isUnconfirmed) {
        dispatch({ type: 'REGISTER', user: { email }, isUnconfirmed: true });
        const state: VerifyLocationState = { email, resent: true };
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
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="email"
          label="Email address"
          type="email"
          autoComplete="email"
          {...form.field('email')}
        />
        <TextField
          id="phone-number"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          hint="With the country code, e.g. +15551234567. Login codes are sent here by SMS."
          {...form.field('phoneNumber')}
        />
        <PasswordField
          id="password"
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters with a lower case and an upper case letter, a digit and one of !@#$%^&*()_+"
          {...form.field('password')}
        />
        <PasswordField
          id="confirm-password"
          label="Confirm password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <SubmitButton busy={busy} idle="Register" busyText="Registering" />
      </form>
      <p className="auth-footer">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </AuthCard>
  );
}
