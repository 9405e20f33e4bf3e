import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { DEVICE_PROOF } from '../../core/device-proof';
import type { OutboxMessage } from '../../infra/local/outbox';
import { useNativeModPow } from './native-mod-pow';

useNativeModPow();

/** Where to sign in: an identity endpoint (the local service), its user pool and app client. */
export interface SignInTarget {
  readonly endpoint: string;
  readonly userPoolId: string;
  readonly clientId: string;
  /** Where the local service's SMS land: the code step reads its code there. */
  readonly outbox: { list(): Promise<OutboxMessage[]> };
}

export interface SignInTokens {
  readonly idToken: string;
  readonly accessToken: string;
  readonly refreshToken: string;
}

export interface SignInOptions {
  /** A remembered device's proof (core/device-proof.ts), presented with the password. */
  readonly deviceProof?: string;
  /** A device to remember once the code is right. */
  readonly rememberDevice?: string;
  /** Answers the code step instead of reading the code from the outbox. */
  readonly answer?: () => string;
  /** Sees each code challenge's public parameters (the masked phone). */
  readonly onChallenge?: (parameters: Record<string, string>) => void;
}

/** The newest code texted to the number the challenge masks, sent since `since`. */
export async function codeTexted(
  outbox: SignInTarget['outbox'],
  maskedPhone: string,
  since: number,
): Promise<string> {
  const lastFour = maskedPhone.slice(-4);
  const message = (await outbox.list()).find(
    (m) => m.channel === 'sms' && m.to.endsWith(lastFour) && Date.parse(m.at) >= since - 1_000,
  );
  if (!message?.code) throw new Error(`No code texted to ${maskedPhone}`);
  return message.code;
}

/**
 * Tokens for an e-mail and password as the SPA gets them, driven by Cognito's own JavaScript SDK:
 * CUSTOM_WITH_SRP (the only password flow the app client allows, core/identity.ts), then the
 * 4-digit code step the server asks for, answered with the code from the outbox — unless the
 * device proof it is given lets the server skip it. For tests that call the APIs themselves.
 */
export function signIn(
  target: SignInTarget,
  email: string,
  password: string,
  options: SignInOptions = {},
): Promise<SignInTokens> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const pool = new CognitoUserPool({
      UserPoolId: target.userPoolId,
      ClientId: target.clientId,
      endpoint: target.endpoint,
    });
    const user = new CognitoUser({ Username: email, Pool: pool });
    user.setAuthenticationFlowType('CUSTOM_AUTH');
    const unexpected = (challenge: string) => () =>
      reject(new Error(`Unexpected ${challenge} challenge signing in ${email}`));
    const callbacks = {
      onSuccess: (session: CognitoUserSession) =>
        resolve({
          idToken: session.getIdToken().getJwtToken(),
          accessToken: session.getAccessToken().getJwtToken(),
          refreshToken: session.getRefreshToken().getToken(),
        }),
      onFailure: reject,
      customChallenge: (parameters: Record<string, string>) => {
        options.onChallenge?.(parameters);
        const answer = options.answer
          ? Promise.resolve(options.answer())
          : codeTexted(target.outbox, parameters.phone ?? '', started);
        answer.then(
          (code) =>
            user.sendCustomChallengeAnswer(
              code,
              callbacks,
              options.rememberDevice
                ? { [DEVICE_PROOF.rememberKey]: options.rememberDevice }
                : undefined,
            ),
          reject,
        );
      },
      newPasswordRequired: unexpected('NEW_PASSWORD_REQUIRED'),
      mfaRequired: unexpected('SMS_MFA'),
      totpRequired: unexpected('SOFTWARE_TOKEN_MFA'),
      mfaSetup: unexpected('MFA_SETUP'),
      selectMFAType: unexpected('SELECT_MFA_TYPE'),
    };
    user.authenticateUser(
      new AuthenticationDetails({
        Username: email,
        Password: password,
        ...(options.deviceProof && {
          ClientMetadata: { [DEVICE_PROOF.presentKey]: options.deviceProof },
        }),
      }),
      callbacks,
    );
  });
}
