/**
 * The user-pool operations Cognito lets anyone call: unauthenticated ones (sign-up, sign-in,
 * password reset) and those a user authorises with their own access token or session. Every other
 * operation — Admin*, ListUsers, the pool's and groups' management — needs a request signed with
 * IAM credentials (SigV4), which only a server holds; Cognito's "authorization models" in its API
 * reference. The local identity service asks the same.
 */
export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  // Unauthenticated
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'UpdateAuthEventFeedback',
  // Authorised by the user's access token (or sign-in session)
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'ChangePassword',
  'ConfirmDevice',
  'DeleteUser',
  'DeleteUserAttributes',
  'ForgetDevice',
  'GetDevice',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GetUserAuthFactors',
  'GlobalSignOut',
  'ListDevices',
  'SetUserMFAPreference',
  'SetUserSettings',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
  'StartWebAuthnRegistration',
  'CompleteWebAuthnRegistration',
  'ListWebAuthnCredentials',
  'DeleteWebAuthnCredential',
]);
