import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';

/** Where to sign in: an identity endpoint (the local service), its user pool and app client. */
export interface SrpTarget {
  readonly endpoint: string;
  readonly userPoolId: string;
  readonly clientId: string;
}

export interface SrpTokens {
  readonly idToken: string;
  readonly accessToken: string;
  readonly refreshToken: string;
}

/**
 * Tokens for an e-mail and password through USER_SRP_AUTH, driven by Cognito's own JavaScript SDK:
 * the password flow the app client allows (core/identity.ts), with no code step. For tests that
 * call the APIs themselves; the SPA signs in through its screens.
 */
export function srpSignIn(target: SrpTarget, email: string, password: string): Promise<SrpTokens> {
  return new Promise((resolve, reject) => {
    const pool = new CognitoUserPool({
      UserPoolId: target.userPoolId,
      ClientId: target.clientId,
      endpoint: target.endpoint,
    });
    const user = new CognitoUser({ Username: email, Pool: pool });
    user.setAuthenticationFlowType('USER_SRP_AUTH');
    const unexpected = (challenge: string) => () =>
      reject(new Error(`Unexpected ${challenge} challenge signing in ${email}`));
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (session: CognitoUserSession) =>
        resolve({
          idToken: session.getIdToken().getJwtToken(),
          accessToken: session.getAccessToken().getJwtToken(),
          refreshToken: session.getRefreshToken().getToken(),
        }),
      onFailure: reject,
      newPasswordRequired: unexpected('NEW_PASSWORD_REQUIRED'),
      mfaRequired: unexpected('SMS_MFA'),
      totpRequired: unexpected('SOFTWARE_TOKEN_MFA'),
      customChallenge: unexpected('CUSTOM_CHALLENGE'),
      mfaSetup: unexpected('MFA_SETUP'),
      selectMFAType: unexpected('SELECT_MFA_TYPE'),
    });
  });
}
