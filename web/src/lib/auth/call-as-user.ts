import type { ApiContract } from '@core/api/contract';
import { ApiError } from '../api-client';
import { callEndpoint, type CallOptions, type ClientApi } from '../contract-client';
import { requestGraphql, UnauthorizedError } from '../graphql-client';
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

/**
 * Runs a GraphQL operation on a user-pool field (the curation fields) as the signed-in user: the
 * current ID token as Authorization, never the API key. Without a session it fails as the API
 * would, Unauthorized.
 */
export async function graphqlAsUser<T>(
  query: string,
  variables: Readonly<Record<string, unknown>> = {},
  signal?: AbortSignal,
): Promise<T> {
  const [config, idToken] = await Promise.all([identity.runtimeConfig(), identity.idToken()]);
  if (!idToken) throw new UnauthorizedError(SESSION_ENDED_TEXT);
  // config.json names the API (AWS and the local product both do); the path lives in the contract.
  if (!config.graphqlUrl) throw new ApiError(503, 'config.json names no GraphQL API (graphqlUrl)');
  return requestGraphql<T>({
    url: config.graphqlUrl,
    query,
    variables,
    idToken,
    ...(signal && { signal }),
  });
}
