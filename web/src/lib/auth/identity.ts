import { Amplify } from 'aws-amplify';
import { Hub } from 'aws-amplify/utils';
import * as auth from 'aws-amplify/auth';
import { endsSession, refreshEndsSession } from '@core/auth-errors';
import { DEVICE_PROOF } from '@core/device-proof';
import { rolesFromGroups, type Roles, type SessionUser } from '@core/session';
import type { SignInAnswer } from '@core/sign-in-steps';
import { accountApi } from '../apis/account';
import { ApiError } from '../api-client';
import { callEndpoint } from '../contract-client';
import {
  loadRuntimeConfig,
  resetRuntimeConfigForTests,
  type RuntimeConfig,
} from './runtime-config';

/**
 * The identity service as the SPA uses it (SPEC §7): Amplify's Cognito client, configured from
 * /config.json on first use. This module (and Amplify with it) loads lazily, so visitors who never
 * sign in do not download it. Every call logs its failure to the console and rethrows (§7 Others).
 */

let configured: Promise<RuntimeConfig> | undefined;

/** Reads /config.json once and configures Amplify with it. */
function ensureConfigured(): Promise<RuntimeConfig> {
  configured ??= loadRuntimeConfig().then((config) => {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.identityEndpoint ? { userPoolEndpoint: config.identityEndpoint } : {}),
          loginWith: { email: true },
        },
      },
    });
    return config;
  });
  // A failed load may succeed later (the network came back): do not keep the rejection.
  configured.catch(() => {
    configured = undefined;
  });
  return configured;
}

/** The runtime configuration (/config.json), read once: e.g. the GraphQL API's URL. */
export const runtimeConfig = (): Promise<RuntimeConfig> => ensureConfigured();

/** Tests only: forget the configuration. */
export function resetIdentityForTests(): void {
  configured = undefined;
  resetRuntimeConfigForTests();
}

async function call<T>(name: string, run: () => Promise<T>): Promise<T> {
  await ensureConfigured();
  try {
    return await run();
  } catch (error) {
    console.error(`Identity call ${name} failed`, error);
    // Revoked elsewhere (signed out on every device, account disabled): end it here too. The
    // local sign-out announces 'signedOut', on which the session provider logs out.
    if (endsSession(error)) await auth.signOut().catch(() => {});
    throw error;
  }
}

/** A sign-in's (or confirmation's) answer, without Amplify's types (core/sign-in-steps reads it). */
export interface SignInResult extends SignInAnswer {
  readonly isSignedIn: boolean;
}

const toSignInResult = (output: auth.SignInOutput): SignInResult => ({
  isSignedIn: output.isSignedIn,
  step: output.nextStep.signInStep,
  additionalInfo:
    'additionalInfo' in output.nextStep && output.nextStep.additionalInfo
      ? (output.nextStep.additionalInfo as Record<string, string>)
      : {},
});

export interface SignedInSession {
  readonly user: SessionUser;
  readonly roles: Roles;
  readonly idToken: string;
}

/**
 * The current session (refreshing expired tokens, as Amplify does), or null when nobody is signed
 * in or the refresh was refused.
 */
export async function readSession(): Promise<SignedInSession | null> {
  return call('fetchAuthSession', async () => {
    const { tokens } = await auth.fetchAuthSession();
    if (!tokens?.idToken || !tokens.accessToken) return null;
    const { userId } = await auth.getCurrentUser();
    const claims = tokens.idToken.payload;
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    return {
      user: {
        id: userId,
        sub: text(claims.sub) ?? userId,
        email: text(claims.email),
        phoneNumber: text(claims.phone_number),
      },
      roles: rolesFromGroups(tokens.accessToken.payload['cognito:groups']),
      idToken: tokens.idToken.toString(),
    };
  });
}

/**
 * Asks the service whether the stored session still stands (tokens unexpired on this device can
 * have been revoked from another). False only when the service refused it; a network failure
 * leaves the session as it is.
 */
export async function sessionStillValid(): Promise<boolean> {
  try {
    await call('fetchUserAttributes', () => auth.fetchUserAttributes());
    return true;
  } catch (error) {
    return !endsSession(error);
  }
}

/** The ID token for API calls (refreshed when expired), or undefined when signed out. */
export async function idToken(): Promise<string | undefined> {
  const { tokens } = await call('fetchAuthSession', () => auth.fetchAuthSession());
  return tokens?.idToken?.toString();
}

/** The only password flow the app client allows: SRP inside custom auth (core/identity.ts). */
const SIGN_IN_FLOW = 'CUSTOM_WITH_SRP';

/**
 * §4 login: SRP for the password, then the server decides the 4-digit code step — skipped only
 * for the proof of a device remembered for this e-mail (core/device-proof.ts).
 */
export async function signIn(email: string, password: string, deviceProof?: string) {
  const output = await call('signIn', () =>
    auth.signIn({
      username: email,
      password,
      options: {
        authFlowType: SIGN_IN_FLOW,
        ...(deviceProof && { clientMetadata: { [DEVICE_PROOF.presentKey]: deviceProof } }),
      },
    }),
  );
  return toSignInResult(output);
}

/** The code step's answer; with `rememberDevice`, the server remembers this device once it is right. */
export async function confirmSignIn(code: string, rememberDevice?: string) {
  return toSignInResult(
    await call('confirmSignIn', () =>
      auth.confirmSignIn({
        challengeResponse: code,
        ...(rememberDevice && {
          options: { clientMetadata: { [DEVICE_PROOF.rememberKey]: rememberDevice } },
        }),
      }),
    ),
  );
}

export interface SignUpResult {
  /** CONFIRM_SIGN_UP, DONE or COMPLETE_AUTO_SIGN_IN. */
  readonly step: string;
}

export async function signUp(email: string, phoneNumber: string, password: string) {
  const output = await call('signUp', () =>
    auth.signUp({
      username: email,
      password,
      options: {
        userAttributes: { email, phone_number: phoneNumber },
        // The auto sign-in takes the same flow as a login: the code step follows.
        autoSignIn: { authFlowType: SIGN_IN_FLOW },
      },
    }),
  );
  return { step: output.nextStep.signUpStep } satisfies SignUpResult;
}

export async function confirmSignUp(email: string, code: string) {
  const output = await call('confirmSignUp', () =>
    auth.confirmSignUp({ username: email, confirmationCode: code }),
  );
  return { step: output.nextStep.signUpStep } satisfies SignUpResult;
}

export async function resendSignUpCode(email: string): Promise<void> {
  await call('resendSignUpCode', () => auth.resendSignUpCode({ username: email }));
}

/** Amplify's auto sign-in after a confirmed sign-up (see auto-sign-in.ts for the waiting). */
export async function autoSignIn() {
  return toSignInResult(await call('autoSignIn', () => auth.autoSignIn()));
}

export async function resetPassword(email: string) {
  const output = await call('resetPassword', () => auth.resetPassword({ username: email }));
  return { step: output.nextStep.resetPasswordStep };
}

export async function confirmResetPassword(email: string, code: string, newPassword: string) {
  await call('confirmResetPassword', () =>
    auth.confirmResetPassword({ username: email, confirmationCode: code, newPassword }),
  );
}

export async function updatePassword(oldPassword: string, newPassword: string): Promise<void> {
  await call('updatePassword', () => auth.updatePassword({ oldPassword, newPassword }));
}

export async function fetchUserAttributes(): Promise<Readonly<Record<string, string>>> {
  const attributes = await call('fetchUserAttributes', () => auth.fetchUserAttributes());
  return Object.fromEntries(
    Object.entries(attributes).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * Signs out this device, or with `global` every device. The account API ends the session on the
 * server first — its tokens stop counting at every API at once, not when they expire — then the
 * identity library revokes this device's refresh token and forgets the tokens. A global sign-out
 * the server did not confirm throws and leaves this device signed in, so the user is never told
 * "everywhere" falsely; a session the server already refuses (401) counts as signed out. For this
 * device alone, a failed call still signs out here (the refresh token is revoked either way).
 */
export async function signOut(global = false): Promise<void> {
  const token = await idToken().catch(() => undefined);
  if (token) {
    try {
      await callEndpoint(accountApi, 'signOut', {
        body: { scope: global ? 'everywhere' : 'this-device' },
        idToken: token,
        retry: true,
      });
    } catch (error) {
      const refused = error instanceof ApiError && error.status === 401;
      console.error('Signing out on the server failed', error);
      if (global && !refused) throw error;
    }
  }
  await call('signOut', () => auth.signOut());
}

/**
 * Calls `listener` when the identity library ends the session by itself: a sign-out it announced,
 * or a refresh the service refused. A refresh that failed on the network, throttling or a 5xx
 * keeps the tokens for the next try, so the session goes on (SPEC §8).
 */
export function onSessionEnded(listener: () => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signedOut') listener();
    if (payload.event === 'tokenRefresh_failure' && refreshEndsSession(payload.data?.error)) {
      listener();
    }
  });
}
