/** Port over the identity service's operations on one account (Cognito's Admin* calls). */
export interface AccountIdentity {
  /** Revokes every refresh token of the user (AdminUserGlobalSignOut). */
  signOutEverywhere(username: string): Promise<void>;
  /** Sets the phone number as verified (after the user entered a code texted to it). */
  setVerifiedPhone(username: string, phoneNumber: string): Promise<void>;
}
