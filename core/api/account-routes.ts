import type { AccountPreferences } from '../shariah-preference';
import { answers, defineRoutes } from './contract';

/**
 * The account API's routes (/api/account): what a signed-in user does to their own account's
 * security and settings. Every call is the caller's own, by the sub of their ID token. The bodies' schemas are
 * in account.ts.
 */
export const SIGN_OUT_SCOPES = ['this-device', 'everywhere'] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];

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

const own = { method: 'POST', auth: 'cognito', cache: 'no-store' } as const;

export const ACCOUNT_ROUTES = defineRoutes({
  name: 'account',
  prefix: '/api/account',
  endpoints: {
    /**
     * Ends this session (its tokens stop counting at every API) or every session of the user
     * (all tokens issued until now, and every remembered device).
     */
    signOut: { ...own, path: '/sign-out', answer: answers<SignedOut>() },
    /** Texts a 4-digit code to a new number; the number changes only once the code is entered. */
    startPhoneChange: { ...own, path: '/phone', answer: answers<PhoneChangeStarted>() },
    verifyPhoneChange: { ...own, path: '/phone/verify', answer: answers<PhoneChanged>() },
    /** The user's own settings (the Shariah standard their lists show); read with POST /user. */
    setPreferences: {
      ...own,
      method: 'PUT',
      path: '/preferences',
      answer: answers<AccountPreferences>(),
    },
  },
});
