import { useState } from 'react';
import * as z from 'zod';
import { phoneChangeBody } from '@core/api/account';
import { OTP_LENGTH } from '@core/constants';
import { confirmCodeSchema, normalisePhoneNumber, sanitizeOtpInput } from '@core/validation';
import { accountApi } from '../../../lib/apis/account';
import { callEndpoint } from '../../../lib/contract-client';
import * as identity from '../../../lib/auth/identity';
import { ErrorAlert, Notice } from './Alerts';
import { AuthForm } from './AuthForm';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';
import { useAuthForm } from '../hooks/use-auth-form';

export const phoneCodeSentText = (phone: string) =>
  `We texted a ${OTP_LENGTH}-digit code to ${phone}. Enter it to use this number for sign-in codes.`;
export const PHONE_CHANGED_TEXT = 'Your sign-in codes now go to your new phone number.';

const numberSchema = phoneChangeBody;
const codeSchema = z.object({ code: confirmCodeSchema });

/** The API's message without the field it names ('code: …'): the form shows it beside that field. */
const messageOf = (error: unknown) =>
  error instanceof Error && error.message
    ? error.message.replace(/^\w+: /, '')
    : 'Something went wrong. Try again.';

async function withToken<T>(run: (idToken: string) => Promise<T>): Promise<T> {
  const token = await identity.idToken();
  if (!token) throw new Error('Your session has ended. Log in again.');
  return run(token);
}

/**
 * Moves the sign-in codes to a new phone number (the account API): the new number gets a code
 * first, and only once it is entered does anything change — a number merely typed in never
 * receives sign-in codes (SMS toll fraud).
 */
export function PhoneChange({ onChanged }: { readonly onChanged: () => void }) {
  const numberForm = useAuthForm(numberSchema, { phoneNumber: '' });
  const codeForm = useAuthForm(codeSchema, { code: '' });
  const [sentTo, setSentTo] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const start = async ({ phoneNumber }: z.infer<typeof numberSchema>) => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const started = await withToken((idToken) =>
        callEndpoint(accountApi, 'startPhoneChange', {
          body: { phoneNumber: normalisePhoneNumber(phoneNumber) },
          idToken,
        }),
      );
      setSentTo(started?.phone ?? phoneNumber);
      codeForm.reset();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const verify = async ({ code }: z.infer<typeof codeSchema>) => {
    setBusy(true);
    setError(undefined);
    try {
      await withToken((idToken) =>
        callEndpoint(accountApi, 'verifyPhoneChange', { body: { code }, idToken }),
      );
      setSentTo(undefined);
      numberForm.reset();
      setNotice(PHONE_CHANGED_TEXT);
      onChanged();
    } catch (caught) {
      setError(messageOf(caught));
      codeForm.resetField('code');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="phone-title">
      <h2 id="phone-title">Change phone number</h2>
      <ErrorAlert message={error} />
      <Notice message={notice} />
      {sentTo ? (
        <>
          <p>{phoneCodeSentText(sentTo)}</p>
          <AuthForm form={codeForm} busy={busy} onValid={verify}>
            <TextField
              id="phone-code"
              label="Code from the SMS"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              control={codeForm.control}
              name="code"
              sanitize={sanitizeOtpInput}
            />
            <SubmitButton busy={busy} idle="Confirm number" busyText="Confirming" />
          </AuthForm>
          <button type="button" className="link-button" onClick={() => setSentTo(undefined)}>
            Use another number
          </button>
        </>
      ) : (
        <AuthForm form={numberForm} busy={busy} onValid={start}>
          <TextField
            id="new-phone"
            label="New phone number"
            type="tel"
            autoComplete="tel"
            hint="With the country code, e.g. +15551234567"
            control={numberForm.control}
            name="phoneNumber"
          />
          <SubmitButton busy={busy} idle="Text me a code" busyText="Sending" />
        </AuthForm>
      )}
    </section>
  );
}
