import * as z from 'zod';
import { answers, defineApi } from './contract';
import { confirmCodeSchema, phoneNumberSchema } from '../validation';

/**
 * The account API (/api/account): what a signed-in user does to their own account's security.
 * Every call is the caller's own, by the sub of their ID token.
 */
export const SIGN_OUT_SCOPES = ['this-device', 'everywhere'] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];

export const signOutBody = z.object({ scope: z.enum(SIGN_OUT_SCOPES) });
export const phoneChangeBody = z.object({ phoneNumber: phoneNumberSchema });
export const phoneVerifyBody = z.object({ code: confirmCodeSchema });

export interface SignedOut {
  readonly scope: SignOutScope;
}

/** A phone change waiting for its code: where it went (masked) and until when it counts. */
export interface PhoneChangeStarted {
  readonly phone: string;
  readonly expiresAt: string;
}

export interface PhoneChanged {
  readonly phoneNumber: string;
}

export const ACCOUNT_API = defineApi({
  name: 'account',
  prefix: '/api/account',
  endpoints: {
    /**
     * Ends this session (its tokens stop counting at every API) or every session of the user
     * (all tokens issued until now, and every remembered device).
     */
    signOut: {
      method: 'POST',
      path: '/sign-out',
      auth: 'cognito',
      body: signOutBody,
      cache: 'no-store',
      answer: answers<SignedOut>(),
    },
    /** Texts a 4-digit code to a new number; the number changes only once the code is entered. */
    startPhoneChange: {
      method: 'POST',
      path: '/phone',
      auth: 'cognito',
      body: phoneChangeBody,
      cache: 'no-store',
      answer: answers<PhoneChangeStarted>(),
    },
    verifyPhoneChange: {
      method: 'POST',
      path: '/phone/verify',
      auth: 'cognito',
      body: phoneVerifyBody,
      cache: 'no-store',
      answer: answers<PhoneChanged>(),
    },
  },
});
