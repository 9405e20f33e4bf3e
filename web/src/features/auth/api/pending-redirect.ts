/**
 * §2: a route may hold a pending redirect target, where the user is sent once after signing in.
 * The sign-in prompt of a private route stores it; the guard of the guest-only screens uses it
 * (once) instead of the role's home. Kept in sessionStorage so a reload on /login keeps it.
 */
export const PENDING_REDIRECT_KEY = 'stockscope.pendingRedirect';

let memory: string | undefined;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Only same-site paths: a stored value must never send the user to another origin. */
const isLocalPath = (path: string) => path.startsWith('/') && !path.startsWith('//');

export function setPendingRedirect(path: string): void {
  if (!isLocalPath(path)) return;
  memory = path;
  try {
    storage()?.setItem(PENDING_REDIRECT_KEY, path);
  } catch {
    // Storage refused: the in-memory copy still serves this page's life.
  }
}

export function peekPendingRedirect(): string | undefined {
  let stored: string | null | undefined;
  try {
    stored = storage()?.getItem(PENDING_REDIRECT_KEY);
  } catch {
    stored = undefined;
  }
  const value = stored ?? memory;
  return value && isLocalPath(value) ? value : undefined;
}

export function clearPendingRedirect(): void {
  memory = undefined;
  try {
    storage()?.removeItem(PENDING_REDIRECT_KEY);
  } catch {
    // nothing to clear
  }
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

/** Whether a path belongs to the admin area (§4 admin login rule). */
export const isAdminPath = (path: string | undefined): boolean =>
  path !== undefined && (path === '/admin' || path.startsWith('/admin/'));
