import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  PhoneChanged,
  PhoneChangeStarted,
  SignedOut,
  SignOutScope,
} from '../../core/api/account';
import { Invalid, NotFound, TooManyRequests } from '../../core/domain-errors';
import type { AccountPreferences } from '../../core/shariah-preference';
import { verdictAlertsOn } from '../../core/verdict-alerts';
import { USER_POOL_SETTINGS } from '../../core/identity';
import { codeStepLockedText, SIGN_IN_LIMITS, tooManyCodesText } from '../../core/sign-in-limits';
import { normalisePhoneNumber } from '../../core/validation';
import type { AccountIdentity } from '../ports/account-identity';
import type { AttemptLog } from '../ports/attempt-log';
import type { DeviceProofs } from '../ports/device-proofs';
import type { PhoneChanges } from '../ports/phone-changes';
import type { SessionRevocations } from '../ports/session-revocations';
import type { SmsSender } from '../ports/sms-sender';
import { RecordNotFoundError, type UsersRepository } from '../ports/users-repository';
import type { Caller } from '../shared/claims';
import { maskPhone, newOtpCode } from '../shared/otp-code';
import { codeSendWindows, wrongCodesOfUser } from '../shared/sign-in-windows';

/** How long the code texted to a new number counts. */
export const PHONE_CODE_LIFETIME_MS = 10 * 60_000;
const ID_TOKEN_LIFETIME_MS = USER_POOL_SETTINGS.tokenValidity.idTokenHours * 3_600_000;

export const phoneCodeMessage = (code: string) =>
  `Your StockScope code to confirm this phone number is ${code}. It expires in ${
    PHONE_CODE_LIFETIME_MS / 60_000
  } minutes.`;

const NO_PENDING_CHANGE = 'There is no phone number change to confirm: start the change again.';
const WRONG_CODE = 'The verification code you entered is invalid. Please try again.';

export interface AccountServiceDeps {
  readonly identity: AccountIdentity;
  readonly users: UsersRepository;
  readonly revocations: SessionRevocations;
  readonly devices: DeviceProofs;
  readonly attempts: AttemptLog;
  readonly phoneChanges: PhoneChanges;
  readonly sms: SmsSender;
  readonly now?: () => number;
  readonly newCode?: () => string;
}

const codeHash = (sub: string, phoneNumber: string, code: string) =>
  createHash('sha256').update(`${sub}\n${phoneNumber}\n${code}`).digest('base64url');

/**
 * A signed-in user's own account security: signing out (this session, or everywhere), and moving
 * the sign-in codes to a new phone number only once a code texted to it is entered. Texts fall
 * under the same send caps as the sign-in's codes and guesses under the same wrong-code window.
 */
export class AccountService {
  private readonly now: () => number;
  private readonly newCode: () => string;

  constructor(private readonly deps: AccountServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.newCode = deps.newCode ?? newOtpCode;
  }

  async signOut(caller: Caller, scope: SignOutScope): Promise<SignedOut> {
    const now = this.now();
    const { identity, revocations, devices } = this.deps;
    if (scope === 'everywhere') {
      await identity.signOutEverywhere(caller.username ?? caller.sub);
      await revocations.revokeAllBefore(caller.sub, now);
      await devices.forgetAll(caller.sub);
    } else if (caller.originJti) {
      // Every token of this sign-in, refreshed or not, expires within one ID-token lifetime of now.
      await revocations.revokeSession(
        caller.sub,
        caller.originJti,
        now + ID_TOKEN_LIFETIME_MS,
        now,
      );
    } else {
      // A token without its session's id cannot be singled out: end the user's every session.
      await revocations.revokeAllBefore(caller.sub, now);
    }
    return { scope };
  }

  async startPhoneChange(caller: Caller, rawNumber: string): Promise<PhoneChangeStarted> {
    const now = this.now();
    const phoneNumber = normalisePhoneNumber(rawNumber);
    const { attempts, phoneChanges, sms, users } = this.deps;
    const current = await users.get(caller.sub);
    if (current?.phoneVerified && current.phoneNumber === phoneNumber) {
      throw new Invalid('This is already your phone number', 'phoneNumber');
    }
    // A number being changed to is not yet verified by this account: it is counted per account
    // and number, so nobody can spend its owner's codes by asking to move to it.
    for (const window of codeSendWindows(caller.sub, phoneNumber, false)) {
      const verdict = await attempts.take(window, SIGN_IN_LIMITS.codeSends, now);
      if (!verdict.allowed) {
        throw new TooManyRequests(tooManyCodesText(verdict.retryAfterMs), verdict.retryAfterMs);
      }
    }
    const code = this.newCode();
    const expiresAt = now + PHONE_CODE_LIFETIME_MS;
    await phoneChanges.put(caller.sub, {
      phoneNumber,
      codeHash: codeHash(caller.sub, phoneNumber, code),
      expiresAt,
    });
    await sms.send(phoneNumber, phoneCodeMessage(code));
    return { phone: maskPhone(phoneNumber), expiresAt: new Date(expiresAt).toISOString() };
  }

  async verifyPhoneChange(caller: Caller, code: string): Promise<PhoneChanged> {
    const now = this.now();
    const { attempts, phoneChanges, users, identity } = this.deps;
    const gate = await attempts.check(wrongCodesOfUser(caller.sub), SIGN_IN_LIMITS.wrongCodes, now);
    if (!gate.allowed) {
      throw new TooManyRequests(codeStepLockedText(gate.retryAfterMs), gate.retryAfterMs);
    }
    const pending = await phoneChanges.get(caller.sub);
    if (!pending || pending.expiresAt < now) throw new Invalid(NO_PENDING_CHANGE, 'code');
    const given = Buffer.from(codeHash(caller.sub, pending.phoneNumber, code));
    if (!timingSafeEqual(given, Buffer.from(pending.codeHash))) {
      await attempts.take(wrongCodesOfUser(caller.sub), SIGN_IN_LIMITS.wrongCodes, now);
      throw new Invalid(WRONG_CODE, 'code');
    }
    await identity.setVerifiedPhone(caller.username ?? caller.sub, pending.phoneNumber);
    await users.setVerifiedPhone(caller.sub, pending.phoneNumber);
    await phoneChanges.clear(caller.sub);
    return { phoneNumber: pending.phoneNumber };
  }

  /**
   * The user's own settings: the Shariah standard their lists show verdicts under, and whether
   * they hear of verdict changes (left as it is when not given).
   */
  async setPreferences(
    caller: Caller,
    preferences: Pick<AccountPreferences, 'shariahStandard'> &
      Partial<Pick<AccountPreferences, 'verdictAlerts'>>,
  ): Promise<AccountPreferences> {
    const { users } = this.deps;
    try {
      await users.setShariahStandard(caller.sub, preferences.shariahStandard);
      if (preferences.verdictAlerts !== undefined) {
        await users.setVerdictAlerts(caller.sub, preferences.verdictAlerts);
      }
    } catch (error) {
      // Records are made at sign-up's confirmation or the first sign-in: none means no account.
      if (error instanceof RecordNotFoundError) throw new NotFound('Your account has no record.');
      throw error;
    }
    return {
      shariahStandard: preferences.shariahStandard,
      verdictAlerts: preferences.verdictAlerts ?? verdictAlertsOn(await users.get(caller.sub)),
    };
  }
}
