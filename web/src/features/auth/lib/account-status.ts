import { errorMessage, USER_STATUS_CONFIRMED, USER_STATUS_UNCONFIRMED } from '@core/auth-errors';

/**
 * §8 status check for an e-mail whose sign-up failed because the account exists. The SPA cannot
 * read another account's status, but asking for a new sign-up code tells: it is sent only to
 * unconfirmed accounts (which is what the verification screen needs next anyway). Undefined when
 * the answer says neither.
 */
export async function existingAccountStatus(
  resendSignUpCode: (email: string) => Promise<void>,
  email: string,
): Promise<string | undefined> {
  try {
    await resendSignUpCode(email);
    return USER_STATUS_UNCONFIRMED;
  } catch (error) {
    return /already confirmed/i.test(errorMessage(error)) ? USER_STATUS_CONFIRMED : undefined;
  }
}
