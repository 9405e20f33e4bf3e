import { localStore } from '../../../lib/browser-storage';

/** The prefix under which the identity library keeps its tokens in localStorage. */
const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/**
 * Whether this browser may hold a session: the identity library's access token is in storage.
 * Without one, start-up knows the visitor is anonymous without downloading the library.
 */
export function hasStoredSession(
  storage: Pick<Storage, 'length' | 'key'> | undefined = localStore(),
) {
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

/**
 * Calls `listener` when another tab of this browser removes the stored session (a sign-out there).
 * The identity library's own events reach only the page that caused them; the browser's 'storage'
 * event reaches the others.
 */
export function onStoredSessionRemoved(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: the other tab cleared the whole store.
    const tokens = event.key === null || event.key.startsWith(TOKEN_KEY_PREFIX);
    if (tokens && !hasStoredSession()) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
