import { ADMIN_GROUP, EDITOR_GROUP, MFA_ENABLED, PASSWORD_MIN_LENGTH } from './constants';

/**
 * The user-pool settings of SPEC §5 ("Identity config"), shared by the CDK user pool and the
 * local identity service so both enforce the same policy.
 */
export const USER_POOL_SETTINGS = {
  usernameAttribute: 'email',
  autoVerifiedAttributes: ['email'],
  passwordPolicy: {
    minimumLength: PASSWORD_MIN_LENGTH,
    requireLowercase: true,
    requireUppercase: true,
    requireNumbers: true,
    requireSymbols: true,
  },
  mfa: MFA_ENABLED ? 'ON' : 'OFF',
  /** The SPA's app client: SRP password step, the custom (OTP) challenge, refresh; no secret. */
  appClientAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  /**
   * The app client's lifetimes: a sign-in (password proof, then the code) must finish within the
   * auth session; ID and access tokens last an hour and are then refreshed (§4) with the refresh
   * token, which lasts 30 days unless revoked.
   */
  tokenValidity: {
    authSessionMinutes: 3,
    idTokenHours: 1,
    accessTokenHours: 1,
    refreshTokenDays: 30,
  },
  groups: [
    { name: ADMIN_GROUP, description: 'Administrators: full access to the admin screens' },
    {
      name: EDITOR_GROUP,
      description: 'Editors: admin screens restricted by their permission set',
    },
  ],
} as const;
