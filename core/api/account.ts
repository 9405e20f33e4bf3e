import * as z from 'zod';
import { SHARIAH_STANDARDS } from '../market/shariah';
import { confirmCodeSchema, phoneNumberSchema } from '../validation';
import { ACCOUNT_ROUTES, SIGN_OUT_SCOPES } from './account-routes';
import { withSchemas } from './contract';

export {
  SIGN_OUT_SCOPES,
  type PhoneChanged,
  type PhoneChangeStarted,
  type SignedOut,
  type SignOutScope,
} from './account-routes';

export const signOutBody = z.object({ scope: z.enum(SIGN_OUT_SCOPES) });
export const phoneChangeBody = z.object({ phoneNumber: phoneNumberSchema });
export const phoneVerifyBody = z.object({ code: confirmCodeSchema });
export const preferencesBody = z.strictObject({
  shariahStandard: z.enum(SHARIAH_STANDARDS, `must be one of ${SHARIAH_STANDARDS.join(', ')}`),
  /** Absent: left as it is. */
  verdictAlerts: z.boolean('must be true or false').optional(),
});

/** The account API's contract: its routes with the body each validates. */
export const ACCOUNT_API = withSchemas(ACCOUNT_ROUTES, {
  signOut: { body: signOutBody },
  startPhoneChange: { body: phoneChangeBody },
  verifyPhoneChange: { body: phoneVerifyBody },
  setPreferences: { body: preferencesBody },
});
