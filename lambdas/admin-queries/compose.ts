import type { ApiHandler } from '../shared/dispatch';
import { createAdminQueriesApi, type AdminQueriesDeps } from './app';

/** The admin API's ports: the user pool's directory, and the users table's users and sessions. */
export type AdminQueriesPorts = AdminQueriesDeps;

/** The admin API (REST), for AWS's Lambda and the local stack. */
export function composeAdminQueriesApi(ports: AdminQueriesPorts): ApiHandler {
  return createAdminQueriesApi(ports);
}
