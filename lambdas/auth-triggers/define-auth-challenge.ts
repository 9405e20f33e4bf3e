import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { DEVICE_PROOF } from '../../core/device-proof';
import { provesDevice } from './device-check';
import type { SignInOutcome } from '../shared/observability/names';
import { subOf, type SignInStores } from './sign-in-stores';

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

/** The password is proven and no code step has begun: the moment the device proof decides. */
export function awaitsCodeDecision(session: Session | undefined): boolean {
  const [srp, password, ...codeSteps] = session ?? [];
  return (
    srp?.challengeName === 'SRP_A' &&
    srp.challengeResult &&
    password?.challengeName === PASSWORD_VERIFIER &&
    password.challengeResult &&
    codeSteps.length === 0
  );
}

/**
 * The custom-auth state machine (CUSTOM_WITH_SRP). Cognito calls it with [SRP_A] at InitiateAuth
 * (answer: prove the password), then with [SRP_A, PASSWORD_VERIFIER] once SRP succeeded. Then the
 * server decides: tokens only for a proven device (`deviceProven`), otherwise the 4-digit code
 * step, where three wrong codes fail the sign-in. Anything else — notably a session that never
 * proved the password (CUSTOM_WITHOUT_SRP) — fails. Nothing the client says can skip the code.
 */
export function decide(session: Session | undefined, deviceProven: boolean): Decision {
  const [srp, password, ...codeSteps] = session ?? [];
  if (srp?.challengeName !== 'SRP_A' || !srp.challengeResult) return fail;
  if (!password) return ask(PASSWORD_VERIFIER);
  if (password.challengeName !== PASSWORD_VERIFIER || !password.challengeResult) return fail;
  const last = codeSteps.at(-1);
  if (!last) return deviceProven ? tokens : ask(CUSTOM_CHALLENGE);
  if (codeSteps.some((step) => step.challengeName !== CUSTOM_CHALLENGE)) return fail;
  if (last.challengeResult) return tokens;
  return codeSteps.length >= MAX_OTP_ATTEMPTS ? fail : ask(CUSTOM_CHALLENGE);
}

/** How a decision ends the sign-in, if it does: tokens are a success, a failure is one. */
export function signInOutcome(decision: Decision): SignInOutcome | undefined {
  if (decision.issueTokens) return 'success';
  if (decision.failAuthentication) return 'failure';
  return undefined;
}

export interface DefineChallengeDeps {
  readonly stores: Pick<SignInStores, 'devices' | 'revocations'>;
  readonly now?: () => number;
}

/**
 * The trigger: the device proof (client metadata of the password answer, which Cognito passes
 * here) is checked against the server's registrations only at the moment it can decide.
 */
export function defineChallenge({ stores, now = Date.now }: DefineChallengeDeps) {
  return async (
    event: DefineAuthChallengeTriggerEvent,
  ): Promise<DefineAuthChallengeTriggerEvent> => {
    const { session, clientMetadata, userAttributes, userNotFound } = event.request;
    const deviceProven =
      !userNotFound &&
      awaitsCodeDecision(session) &&
      (await provesDevice(
        stores,
        subOf(userAttributes),
        clientMetadata?.[DEVICE_PROOF.presentKey],
        now(),
      ));
    Object.assign(event.response, decide(session, deviceProven));
    return event;
  };
}
