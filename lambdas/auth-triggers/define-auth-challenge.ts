import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { OTP_STEP } from '../../core/identity';

/** Wrong one-time codes allowed before the sign-in fails (the third wrong answer ends it). */
export const MAX_OTP_ATTEMPTS = 3;
export const CUSTOM_CHALLENGE = 'CUSTOM_CHALLENGE';
export const PASSWORD_VERIFIER = 'PASSWORD_VERIFIER';

type Session = DefineAuthChallengeTriggerEvent['request']['session'];
export type Decision = Pick<
  DefineAuthChallengeTriggerEvent['response'],
  'issueTokens' | 'failAuthentication' | 'challengeName'
>;

const fail: Decision = { issueTokens: false, failAuthentication: true };
const tokens: Decision = { issueTokens: true, failAuthentication: false };
const ask = (challengeName: string): Decision => ({
  issueTokens: false,
  failAuthentication: false,
  challengeName,
});

/**
 * The custom-auth state machine (CUSTOM_WITH_SRP). Cognito calls it with [SRP_A] at InitiateAuth
 * (answer: prove the password), then with [SRP_A, PASSWORD_VERIFIER] once SRP succeeded; only when
 * the client asked (metadata otp = 'true': the e-mail is not remembered on that device) does a
 * 4-digit code step follow, and three wrong codes fail the sign-in. Anything else — notably a
 * session that never proved the password (CUSTOM_WITHOUT_SRP) — fails.
 */
export function decide(
  session: Session | undefined,
  clientMetadata: Record<string, string> | undefined,
): Decision {
  const [srp, password, ...codeSteps] = session ?? [];
  if (srp?.challengeName !== 'SRP_A' || !srp.challengeResult) return fail;
  if (!password) return ask(PASSWORD_VERIFIER);
  if (password.challengeName !== PASSWORD_VERIFIER || !password.challengeResult) return fail;
  const last = codeSteps.at(-1);
  if (!last)
    return clientMetadata?.[OTP_STEP.metadataKey] === 'true' ? ask(CUSTOM_CHALLENGE) : tokens;
  if (codeSteps.some((step) => step.challengeName !== CUSTOM_CHALLENGE)) return fail;
  if (last.challengeResult) return tokens;
  return codeSteps.length >= MAX_OTP_ATTEMPTS ? fail : ask(CUSTOM_CHALLENGE);
}

export const handler = async (
  event: DefineAuthChallengeTriggerEvent,
): Promise<DefineAuthChallengeTriggerEvent> => {
  Object.assign(event.response, decide(event.request.session, event.request.clientMetadata));
  return event;
};
