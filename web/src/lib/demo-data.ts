import { useSyncExternalStore } from 'react';

/**
 * Whether any API answer so far was marked as demo data (the local stack's generated universe).
 * A tiny external store: the API client sets it, the layout's banner reads it.
 */
let demo = false;
const listeners = new Set<() => void>();

export function markDemoData(isDemo: boolean): void {
  if (!isDemo || demo) return;
  demo = true;
  for (const listener of listeners) listener();
}

export function useDemoData(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => demo,
    () => false,
  );
}

/** Tests only: forget what was seen. */
export function resetDemoData(): void {
  demo = false;
}
