import type { AppSyncResolverEvent } from 'aws-lambda';

export type ResolverEvent = AppSyncResolverEvent<Record<string, unknown>>;

/** The schema's arguments are scalars and enums: sorted entries identify a call. */
const callKey = (event: ResolverEvent) =>
  `${event.info.parentTypeName}.${event.info.fieldName}:${JSON.stringify(
    Object.entries(event.arguments ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  )}`;

/**
 * The direct Lambda resolver as AppSync calls it. AppSync has no per-request cache of its own: it
 * calls the Lambda once per field and alias. With batching on (maxBatchSize in
 * infra/aws/graphql-api.ts) it sends the calls of one field that run together — the aliases of a
 * Query field — as one array and takes the results in the same order; here equal calls in a batch
 * are computed once, so `a: shariah(symbol: "X") b: shariah(symbol: "X")` costs one computation.
 * Calls in separate invocations (separate requests, or batches AppSync split) cannot be shared:
 * Lambda keeps no state per GraphQL request, which is why resolverCountLimit bounds them.
 * A direct resolver has no per-item error: an error in one call fails the batch's fields.
 */
export function batchedResolver(resolve: (event: ResolverEvent) => Promise<unknown>) {
  return (events: ResolverEvent | readonly ResolverEvent[]): Promise<unknown> => {
    if (!Array.isArray(events)) return resolve(events as ResolverEvent);
    const calls = new Map<string, Promise<unknown>>();
    return Promise.all(
      events.map((event: ResolverEvent) => {
        const key = callKey(event);
        let call = calls.get(key);
        if (!call) {
          call = resolve(event);
          calls.set(key, call);
        }
        return call;
      }),
    );
  };
}
