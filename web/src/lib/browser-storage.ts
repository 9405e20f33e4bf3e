/**
 * Web Storage that never throws. Reading `window.localStorage` itself throws where storage is
 * blocked (privacy modes, disabled cookies), and writes throw on a full quota: the page must work
 * on without it, so these report "nothing there" / "not stored" instead.
 */
function storage(name: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return window[name];
  } catch {
    return undefined;
  }
}

export const localStore = (): Storage | undefined => storage('localStorage');
export const sessionStore = (): Storage | undefined => storage('sessionStorage');

export function readItem(store: Storage | undefined, key: string): string | undefined {
  try {
    return store?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** False when the value could not be stored. */
export function writeItem(store: Storage | undefined, key: string, value: string): boolean {
  try {
    store?.setItem(key, value);
    return store !== undefined;
  } catch {
    return false;
  }
}

export function removeItem(store: Storage | undefined, key: string): void {
  try {
    store?.removeItem(key);
  } catch {
    // Nothing to do: the value is unreachable anyway.
  }
}
