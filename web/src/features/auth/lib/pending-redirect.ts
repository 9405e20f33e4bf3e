import { readItem, removeItem, sessionStore, writeItem } from '../../../lib/browser-storage';

/**
 * §2: a route may hold a pending redirect target, where the user is sent once after signing in.
 * The sign-in prompt of a private route stores it; the guard of the guest-only screens uses it
 * (once) instead of the role's home, and forgets it once the visitor leaves those screens without
 * signing in. Kept in sessionStorage so a reload on /login keeps it.
 */
const PENDING_REDIRECT_KEY = 'stockscope.pendingRedirect';

// Where storage is refused, the in-memory copy still serves this page's life.
let memory: string | undefined;

/** Only same-site paths: a stored value must never send the user to another origin. */
const isLocalPath = (path: string) => path.startsWith('/') && !path.startsWith('//');

export function setPendingRedirect(path: string): void {
  if (!isLocalPath(path)) return;
  memory = path;
  writeItem(sessionStore(), PENDING_REDIRECT_KEY, path);
}

export function peekPendingRedirect(): string | undefined {
  const value = readItem(sessionStore(), PENDING_REDIRECT_KEY) ?? memory;
  return value && isLocalPath(value) ? value : undefined;
}

export function clearPendingRedirect(): void {
  memory = undefined;
  removeItem(sessionStore(), PENDING_REDIRECT_KEY);
}

const pathOf = (target: string) => target.split(/[?#]/)[0] ?? target;

/**
 * Where a signed-in visitor of a guest-only screen goes: the pending target if there is one and it
 * is not where they are, else the role's home.
 */
export function redirectTarget(home: string, currentPath: string): string {
  const pending = peekPendingRedirect();
  if (pending && pathOf(pending) !== currentPath) return pending;
  return home;
}
