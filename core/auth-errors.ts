import { VERIFY_CODE_PATH } from './routes';

/**
 * The identity error catalogue of SPEC §8 (and the texts of §4): which text the screens show for an
 * identity-service error. Errors arrive as SDK exceptions (name = exception type), as wrapped
 * Errors carrying only the service message, or as plain strings, so every mapping reads both.
 * Message checks ignore case: the service's capitalisation differs between flows and versions.
 */

// The texts, word for word.
export const SESSION_EXPIRED_REQUEST_CODE_TEXT = 'Session expired. Please request a new code.';
export const INVALID_CODE_TEXT = 'The verification code you entered is invalid. Please try again.';
export const VERIFICATION_FAILED_TEXT = 'Verification failed. Please try again.';
export const VERIFICATION_TIMED_OUT_TEXT = 'Verification timed out. Please try again.';
export const CODE_EXPIRED_TEXT = 'The verification code has expired. Please request a new code.';
export const SESSION_EXPIRED_RESTART_TEXT =
  'Your session has expired. Please start the login process again.';
export const TOO_MANY_ATTEMPTS_TEXT = 'Too many attempts. Please try again later.';
export const USER_NOT_FOUND_TEXT = 'User not found. Please check your credentials.';
export const AUTHENTICATION_ERROR_TEXT = 'Authentication error. Please try again.';
export const USER_LIMIT_REACHED_TEXT =
  'Registration is currently not available - Maximum users reached';
export const USER_DOES_NOT_EXIST_TEXT = 'User does not exist';
export const OTP_FLOW_INITIATED_TEXT = 'OTP flow initiated';
export const ALREADY_SIGNED_IN_TEXT = 'There is already a signed in user.';
export const LOGIN_ERROR_TITLE = 'Error';
/** §4 admin login: the account may not open the admin page the sign-in set out for. */
export const ACCESS_DENIED_TEXT = 'Access denied';

/** The user status a status check reports for a confirmed account (§8). */
export const USER_STATUS_CONFIRMED = 'CONFIRMED';
export const USER_STATUS_UNCONFIRMED = 'UNCONFIRMED';

/** The error's exception name ('' when it has none). */
export function errorName(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const { name, code } = error as { name?: unknown; code?: unknown };
  // Older SDKs put the exception type in `code` and leave `name` as 'Error'.
  if (typeof name === 'string' && name !== '' && name !== 'Error') return name;
  return typeof code === 'string' ? code : typeof name === 'string' ? name : '';
}

/**
 * A refusal of one of the pool's triggers reaches the client as "<Trigger> failed with error
 * <message>." (UserLambdaValidationException): the trigger's own message is the one to show.
 */
const TRIGGER_REFUSAL = /^\w+ failed with error ([\s\S]*?)\.?$/;

/**
 * The error's message ('' when it has none); a thrown string is its own message, a trigger's
 * refusal its trigger's message.
 */
export function errorMessage(error: unknown): string {
  const raw =
    typeof error === 'string'
      ? error
      : typeof error === 'object' &&
          error !== null &&
          typeof (error as { message?: unknown }).message === 'string'
        ? (error as { message: string }).message
        : '';
  const refusal = TRIGGER_REFUSAL.exec(raw);
  if (!refusal) return raw;
  const inner = refusal[1]!.trim();
  return inner.endsWith('.') ? inner : `${inner}.`;
}

/** §8: a service message is shown as it is; without one, the generic authentication error. */
export const serviceErrorText = (error: unknown): string =>
  errorMessage(error) || AUTHENTICATION_ERROR_TEXT;

const contains = (text: string, ...needles: string[]) => {
  const lower = text.toLowerCase();
  return needles.some((needle) => lower.includes(needle.toLowerCase()));
};

/** §8 OTP step (the 4-digit code after the password). */
export function otpStepErrorText(error: unknown): string {
  const message = errorMessage(error);
  if (contains(message, 'Invalid session')) return SESSION_EXPIRED_REQUEST_CODE_TEXT;
  if (contains(message, 'Incorrect username', 'incorrect code', 'Failed to verify')) {
    return INVALID_CODE_TEXT;
  }
  if (contains(message, 'timed out')) return message;
  return message || VERIFICATION_FAILED_TEXT;
}

/** §4: the OTP step gives up after VERIFICATION_TIMEOUT_MS with this error. */
export function verificationTimeoutError(): Error {
  return new Error(VERIFICATION_TIMED_OUT_TEXT);
}

const CONFIRM_BY_NAME: Readonly<Record<string, string>> = {
  CodeMismatchException: INVALID_CODE_TEXT,
  ExpiredCodeException: CODE_EXPIRED_TEXT,
  NotAuthorizedException: SESSION_EXPIRED_RESTART_TEXT,
  TooManyRequestsException: TOO_MANY_ATTEMPTS_TEXT,
  LimitExceededException: TOO_MANY_ATTEMPTS_TEXT,
  TooManyFailedAttemptsException: TOO_MANY_ATTEMPTS_TEXT,
  UserNotFoundException: USER_NOT_FOUND_TEXT,
};

// For errors that lost their exception name; the order matters ('Invalid session …, session is
// expired' is a session error, not an expired code).
const CONFIRM_BY_MESSAGE: readonly (readonly [readonly string[], string])[] = [
  [['Invalid session', 'not authorized'], SESSION_EXPIRED_RESTART_TEXT],
  [['Too many', 'Attempt limit exceeded', 'attempts exceeded'], TOO_MANY_ATTEMPTS_TEXT],
  [['User does not exist', 'User not found'], USER_NOT_FOUND_TEXT],
  [['expired'], CODE_EXPIRED_TEXT],
  [['Invalid code', 'Invalid verification code', 'mismatch'], INVALID_CODE_TEXT],
];

/**
 * §8 login confirm (the confirmation code of the sign-in). Unknown errors show the service's
 * message, as the login screen does; without one, the generic authentication error.
 */
export function loginConfirmErrorText(error: unknown): string {
  const byName = CONFIRM_BY_NAME[errorName(error)];
  if (byName) return byName;
  const message = errorMessage(error);
  const byMessage = CONFIRM_BY_MESSAGE.find(([needles]) => contains(message, ...needles));
  return byMessage?.[1] ?? serviceErrorText(error);
}

export type LoginErrorOutcome =
  | { readonly kind: 'verify-code'; readonly to: typeof VERIFY_CODE_PATH }
  | { readonly kind: 'alert'; readonly title: typeof LOGIN_ERROR_TITLE; readonly message: string };

/**
 * §4/§8 login: an unconfirmed account goes to /verify-code (the screen carries the e-mail); any
 * other error shows the service's message in the 'Error' alert.
 */
export function loginErrorOutcome(error: unknown): LoginErrorOutcome {
  if (errorName(error) === 'UserNotConfirmedException') {
    return { kind: 'verify-code', to: VERIFY_CODE_PATH };
  }
  return {
    kind: 'alert',
    title: LOGIN_ERROR_TITLE,
    message: serviceErrorText(error),
  };
}

export interface RegistrationErrorResult {
  /** The e-mail belongs to an account that never confirmed: the screen goes on to verification. */
  readonly isUnconfirmed: boolean;
  readonly message: string;
}

/**
 * §8 registration. `existingUserStatus` is what the status check reported for the e-mail when the
 * sign-up failed because the account exists (UsernameExistsException).
 */
export function registrationErrorResult(
  error: unknown,
  existingUserStatus?: string,
): RegistrationErrorResult {
  const message = errorMessage(error);
  if (contains(message, 'User limit reached')) {
    return { isUnconfirmed: false, message: USER_LIMIT_REACHED_TEXT };
  }
  const isUnconfirmed =
    errorName(error) === 'UsernameExistsException' &&
    existingUserStatus === USER_STATUS_UNCONFIRMED;
  return { isUnconfirmed, message: serviceErrorText(error) };
}

/**
 * §8 status check: the status of a found user as given ('CONFIRMED', 'UNCONFIRMED', …), or
 * 'User does not exist'.
 */
export function statusCheckText(
  outcome: { readonly userStatus: string } | { readonly error: unknown },
): string {
  if ('userStatus' in outcome) return outcome.userStatus;
  if (isUserNotFound(outcome.error)) return USER_DOES_NOT_EXIST_TEXT;
  // Anything else is not an answer about the user; the caller's wrapper rethrows it.
  throw outcome.error;
}

export function isUserNotFound(error: unknown): boolean {
  return (
    errorName(error) === 'UserNotFoundException' ||
    contains(errorMessage(error), 'User does not exist')
  );
}

/**
 * §8 custom OTP login (CUSTOM_WITH_SRP): the password step answering 'Incorrect username…' or
 * 'Password attempts exceeded' still leads to the one-time code, so these report
 * 'OTP flow initiated'; any other error gives undefined (the caller rethrows it).
 */
export function customOtpLoginText(error: unknown): string | undefined {
  return contains(errorMessage(error), 'Incorrect username', 'Password attempts exceeded')
    ? OTP_FLOW_INITIATED_TEXT
    : undefined;
}

/**
 * What a disabled account's holder can do, shown beside the service's own words (§8 shows those as
 * they are): only the product's support can enable it again.
 */
export const DISABLED_ACCOUNT_NEXT_STEP_TEXT =
  'This account has been disabled. To have it enabled again, contact our support team.';

/** Whether an error text is the identity service's refusal of a disabled account. */
export const isDisabledAccountText = (text: string): boolean => contains(text, 'User is disabled');

/** §4: sign-in refused because a user is already signed in. */
export function isAlreadySignedIn(error: unknown): boolean {
  return (
    errorName(error) === 'UserAlreadyAuthenticatedException' ||
    contains(errorMessage(error), ALREADY_SIGNED_IN_TEXT)
  );
}

/** The §4 refusal as an error, for the local identity wrapper and tests. */
export function alreadySignedInError(): Error {
  return Object.assign(new Error(ALREADY_SIGNED_IN_TEXT), {
    name: 'UserAlreadyAuthenticatedException',
  });
}

/**
 * The identity service refused the session itself: its tokens were revoked (sign-out on every
 * device, an administrator's sign-out) or the account was disabled. The session cannot recover,
 * so the SPA ends it locally instead of showing errors page after page.
 */
export function endsSession(error: unknown): boolean {
  if (errorName(error) !== 'NotAuthorizedException') return false;
  return contains(errorMessage(error), 'has been revoked', 'User is disabled');
}

// What the identity library counts as "these tokens are dead" when a refresh fails (it clears them
// then); throttling, 5xx and network errors keep the tokens for the next try (§8).
const REFRESH_AUTH_ERRORS = [
  'NotAuthorizedException',
  'TokenRevokedException',
  'UserNotFoundException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
  'RefreshTokenReuseException',
];

/**
 * §8 token refresh: whether a failed refresh ends the session. Only authentication errors do (the
 * refresh token was refused); a network blip, throttling or a 5xx leaves the session as it is.
 */
export function refreshEndsSession(error: unknown): boolean {
  const name = errorName(error);
  return REFRESH_AUTH_ERRORS.some((authError) => name.startsWith(authError));
}
