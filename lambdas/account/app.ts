import { ACCOUNT_API } from '../../core/api/account';
import type { SessionRevocations } from '../ports/session-revocations';
import { createContractHandler } from '../shared/contract-handler';
import type { ApiHandler } from '../shared/dispatch';
import type { AccountService } from './service';

/** The account API: the contract's endpoints glued to the service. */
export function createAccountApi(
  service: AccountService,
  revocations: SessionRevocations,
  now?: () => number,
): ApiHandler {
  return createContractHandler(
    ACCOUNT_API,
    {
      signOut: ({ caller, body }) => service.signOut(caller, body.scope),
      startPhoneChange: ({ caller, body }) => service.startPhoneChange(caller, body.phoneNumber),
      verifyPhoneChange: ({ caller, body }) => service.verifyPhoneChange(caller, body.code),
      setPreferences: ({ caller, body }) => service.setPreferences(caller, body),
    },
    { revocations, ...(now && { now }) },
  );
}
