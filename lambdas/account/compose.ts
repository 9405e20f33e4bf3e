import type { ApiHandler } from '../shared/dispatch';
import { createAccountApi } from './app';
import { AccountService, type AccountServiceDeps } from './service';

/**
 * The account API's ports: the users table's stores (users, sessions, devices, attempts, phone
 * changes), the user pool and the SMS sender of the codes.
 */
export type AccountPorts = AccountServiceDeps;

/** The account API (REST), for AWS's Lambda and the local stack. */
export function composeAccountApi(ports: AccountPorts): ApiHandler {
  return createAccountApi(new AccountService(ports), ports.revocations);
}
