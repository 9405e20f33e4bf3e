/**
 * What a change of a user's collection answers: the items to store under the collection's field
 * `K` (`lists`, `screens`, `alerts`), or none to store nothing, and the caller's result.
 */
export type CollectionChange<K extends string, T, R> =
  | (Readonly<Record<K, readonly T[]>> & { readonly result: R })
  | (Partial<Readonly<Record<K, undefined>>> & { readonly result: R });

/**
 * Port over one collection of a user's workspace (watchlists, saved screens, alerts), keyed by the
 * Cognito sub: all of a user's items are read and changed together, so a rule over all of them
 * (how many the plan allows) holds under concurrent writers — `change` runs again on what another
 * writer stored meanwhile.
 */
export interface UserCollection<K extends string, T> {
  list(sub: string): Promise<readonly T[]>;
  change<R>(sub: string, change: (items: readonly T[]) => CollectionChange<K, T, R>): Promise<R>;
}
