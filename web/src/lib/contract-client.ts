import type { AnswerOf, ApiContract, BodyOf, Endpoint, QueryInputOf } from '@core/api/contract';
import { requestJson } from './api-client';

/** What a call of one endpoint takes besides its contract. */
export interface CallOptions<E extends Endpoint> {
  readonly body?: BodyOf<E>;
  /** As the query string carries it: the schema's input side (strings, before any transform). */
  readonly query?: QueryInputOf<E> & Record<string, string | number | boolean | undefined>;
  /** Values of the path's {parameters}. */
  readonly params?: Readonly<Record<string, string>>;
  /** SPEC §7: the ID token as Authorization, for Cognito endpoints. */
  readonly idToken?: string;
  readonly retry?: boolean;
  readonly signal?: AbortSignal;
}

/**
 * An API as the SPA calls it: its zod-free routes (core/api/<api>-routes.ts), typed with the whole
 * contract C so each call's parameters, query, body and answer are checked (lib/apis/). Only
 * the contract's type is imported: its zod schemas are the servers' to run, and would put zod (and
 * its `new Function` probe, a violation of the product's CSP) into the first bundle.
 */
export interface ClientApi<C extends ApiContract> {
  readonly prefix: string;
  readonly endpoints: { readonly [K in keyof C['endpoints']]: Pick<Endpoint, 'method' | 'path'> };
  /** Type only: the contract the routes belong to (its schemas stay out of the SPA's bundle). */
  readonly contract?: C;
}

/** The endpoint's URL on this origin: the API's prefix, the path with its parameters, the query. */
export function endpointUrl(
  api: Pick<ApiContract, 'prefix'>,
  endpoint: Pick<Endpoint, 'path'>,
  params: Readonly<Record<string, string>> = {},
  query: Readonly<Record<string, string | number | boolean | undefined>> = {},
): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${endpoint.path}`);
    return encodeURIComponent(value);
  });
  // Percent-encoded like the path (a space is %20, never the form encoding's '+', which not every
  // gateway decodes to a space): what a pagination token or a filter holds arrives unchanged.
  const text = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${api.prefix}${path}${text ? `?${text}` : ''}`;
}

/**
 * Calls one endpoint of an API (lib/apis/): the SPA never writes an API path itself, and the
 * answer has the contract's type.
 */
export function callEndpoint<C extends ApiContract, K extends keyof C['endpoints'] & string>(
  api: ClientApi<C>,
  name: K,
  options: CallOptions<C['endpoints'][K]> = {},
): Promise<AnswerOf<C['endpoints'][K]>> {
  const endpoint = api.endpoints[name];
  return requestJson<AnswerOf<C['endpoints'][K]>>(
    endpointUrl(api, endpoint, options.params, options.query),
    {
      method: endpoint.method,
      ...(options.body !== undefined && { body: options.body }),
      ...(options.idToken && { idToken: options.idToken }),
      ...(options.retry && { retry: true }),
      ...(options.signal && { signal: options.signal }),
    },
  );
}
