import type { ApiContract } from '@core/api/contract';
import { ApiError } from '../api-client';
import { callEndpoint, type CallOptions, type ClientApi } from '../contract-client';
import * as identity from './identity';

export const SESSION_ENDED_TEXT = 'Your session has ended. Log in again.';

/**
 * Calls a Cognito-authorised endpoint as the signed-in user: the current ID token (refreshed when
 * expired) as Authorization (SPEC §7). Without a session it fails as the API would, with a 401.
 * Imports the identity module: use it from lazily loaded screens only.
 */
export async function callAsUser<C extends ApiContract, K extends keyof C['endpoints'] & string>(
  api: ClientApi<C>,
  name: K,
  options: Omit<CallOptions<C['endpoints'][K]>, 'idToken'> = {},
) {
  const idToken = await identity.idToken();
  if (!idToken) throw new ApiError(401, SESSION_ENDED_TEXT);
  return callEndpoint(api, name, { ...options, idToken });
}
