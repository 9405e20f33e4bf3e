import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { DEVICE_PROOF, parseDeviceProof } from '../../core/device-proof';
import { codeStepLockedText, SIGN_IN_LIMITS } from '../../core/sign-in-limits';
import { newUserRecord } from '../../core/user-record';
import { SignInLimitError } from './create-auth-challenge';
import { registrationOf } from './device-check';
import { otpMatches } from '../shared/otp-code';
import { wrongCodesOfUser } from '../shared/sign-in-windows';
import { subOf, type SignInStores } from './sign-in-stores';

export interface VerifyChallengeDeps {
  readonly stores: Pick<SignInStores, 'users' | 'devices' | 'attempts'>;
  readonly now?: () => number;
}

/**
 * The answer is right when it is the session's 4-digit code (compared in constant time), the code
 * has not expired — it lives from its first SMS, however many retries follow — and wrong answers
 * have not locked the code step: those are counted per user across sign-ins (core's wrongCodes
 * rule), so starting a new sign-in does not start the guessing over. A right answer verifies the
 * number the code went to and, with Remember me, registers the device the client names.
 */
export function verifyChallengeResponse({ stores, now = Date.now }: VerifyChallengeDeps) {
  return async (
    event: VerifyAuthChallengeResponseTriggerEvent,
  ): Promise<VerifyAuthChallengeResponseTriggerEvent> => {
    const { userAttributes, privateChallengeParameters, challengeAnswer, clientMetadata } =
      event.request;
    const sub = subOf(userAttributes);
    const at = now();
    const gate = await stores.attempts.check(wrongCodesOfUser(sub), SIGN_IN_LIMITS.wrongCodes, at);
    if (!gate.allowed) throw new SignInLimitError(codeStepLockedText(gate.retryAfterMs));

    const { answer, expiresAt, phone } = privateChallengeParameters ?? {};
    const correct = otpMatches(challengeAnswer, answer) && Number(expiresAt) >= at;
    event.response.answerCorrect = correct;
    if (!correct) {
      await stores.attempts.take(wrongCodesOfUser(sub), SIGN_IN_LIMITS.wrongCodes, at);
      return event;
    }
    if (phone) await verifyPhone(stores, userAttributes, phone, at);
    const device = parseDeviceProof(clientMetadata?.[DEVICE_PROOF.rememberKey]);
    if (device) {
      await stores.devices.remember(sub, registrationOf(device, at), DEVICE_PROOF.maxPerUser);
    }
    return event;
  };
}

/** The number a correct code went to becomes the record's verified one (a record made if none). */
async function verifyPhone(
  { users }: Pick<SignInStores, 'users'>,
  attributes: Readonly<Record<string, string>>,
  phone: string,
  at: number,
): Promise<void> {
  const sub = subOf(attributes);
  const record = await users.get(sub);
  if (record?.phoneVerified && record.phoneNumber === phone) return;
  if (!record) {
    // An account an administrator made never ran the post-confirmation trigger.
    const fresh = newUserRecord({
      email: attributes.email ?? '',
      sub,
      phoneNumber: phone,
      createdAt: new Date(at).toISOString(),
    });
    await users.createIfAbsent({ ...fresh, phoneVerified: true });
    return;
  }
  await users.setVerifiedPhone(sub, phone);
}
