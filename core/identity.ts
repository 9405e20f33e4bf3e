import { ADMIN_GROUP, EDITOR_GROUP, MFA_ENABLED, PASSWORD_MIN_LENGTH } from './constants';

/**
 * The user-pool settings of SPEC §5 ("Identity config"), shared by the CDK user pool and the
 * local identity service so both enforce the same policy.
 */
export const USER_POOL_SETTINGS = {
  usernameAttribute: 'email',
  /** 'Ann@x.com' and 'ann@x.com' are one account (the users table keys the lower-cased e-mail). */
  signInCaseSensitive: false,
  autoVerifiedAttributes: ['email'],
  /** A new e-mail takes effect once verified with the code sent to it; the old one stays till then. */
  keepOriginalEmail: true,
  passwordPolicy: {
    minimumLength: PASSWORD_MIN_LENGTH,
    requireLowercase: true,
    requireUppercase: true,
    requireNumbers: true,
    requireSymbols: true,
  },
  mfa: MFA_ENABLED ? 'ON' : 'OFF',
  /**
   * The SPA's app client: custom auth only (CUSTOM_WITH_SRP proves the password with SRP inside
   * it, then the triggers decide the code step) and refresh; no secret. USER_SRP_AUTH and
   * USER_PASSWORD_AUTH are left out on purpose: they issue tokens from the password alone, without
   * the triggers' decision on the second factor.
   */
  appClientAuthFlows: ['ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
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

/**
 * The 4-digit code step's contract between the SPA and the custom-auth triggers (SPEC §4). The
 * server decides whether the code is needed: always, unless the sign-in carries the proof of a
 * device that completed the code step for this user before (core/device-proof.ts). The
 * challenge's public parameters say the code step has begun.
 */
export const OTP_STEP = {
  /** Public challenge parameter that announces the code step, and its value. */
  triggerParameter: 'trigger',
  triggerValue: 'true',
} as const;
