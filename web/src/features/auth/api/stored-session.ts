/** The prefix under which the identity library keeps its tokens in localStorage. */
const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/**
 * Whether this browser may hold a session: the identity library's access token is in storage.
 * Without one, start-up knows the visitor is anonymous without downloading the library.
 */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'> | undefined): boolean {
  if (!storage) return false;
  try {
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(TOKEN_KEY_PREFIX) && key.endsWith('.accessToken')) return true;
    }
  } catch {
    return false;
  }
  return false;
}

export function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
