import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';

/** Wrong one-time codes allowed before the sign-in fails (the third wrong answer ends it). */
export const MAX_OTP_ATTEMPTS = 3;
/** Client metadata key: 'true' asks for the 4-digit code step (SPEC §4). */
export const OTP_METADATA_KEY = 'otp';
export const CUSTOM_CHALLENGE = 'CUSTOM_CHALLENGE';

type Session = DefineAuthChallengeTriggerEvent['request']['session'];
type Decision = Pick<
  DefineAuthChallengeTriggerEvent['response'],
  'issueTokens' | 'failAuthentication' | 'challengeName'
>;

const fail: Decision = { issueTokens: false, failAuthentication: true };
const tokens: Decision = { issueTokens: true, failAuthentication: false };
const challenge: Decision = {
  issueTokens: false,
  failAuthentication: false,
  challengeName: CUSTOM_CHALLENGE,
};

/**
 * The custom-auth state machine (CUSTOM_WITH_SRP): the password is proven by SRP first; then,
 * only when the client asked for it (metadata otp = 'true', i.e. the e-mail is not remembered on
 * that device), a 4-digit code challenge; three wrong codes fail the sign-in.
 */
export function decide(
  session: Session,
  clientMetadata: Record<string, string> | undefined,
): Decision {
  const steps = session ?? [];
  const [first, second] = steps;
  if (!first || first.challengeName !== 'SRP_A' || !first.challengeResult) return fail;
  if (!second) return fail;
  if (second.challengeName !== 'PASSWORD_VERIFIER' || !second.challengeResult) return fail;
  const codeSteps = steps.slice(2);
  if (codeSteps.length === 0) {
    return clientMetadata?.[OTP_METADATA_KEY] === 'true' ? challenge : tokens;
  }
  if (codeSteps.some((s) => s.challengeName !== CUSTOM_CHALLENGE)) return fail;
  if (codeSteps.at(-1)!.challengeResult) return tokens;
  return codeSteps.length >= MAX_OTP_ATTEMPTS ? fail : challenge;
}

export const handler = async (
  event: DefineAuthChallengeTriggerEvent,
): Promise<DefineAuthChallengeTriggerEvent> => {
  Object.assign(event.response, decide(event.request.session, event.request.clientMetadata));
  return event;
};
