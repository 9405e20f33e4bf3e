import { useSyncExternalStore } from 'react';
import { loadRuntimeConfig } from './auth/runtime-config';

/**
 * Whether any API answer so far was marked as demo data (the local stack's generated universe).
 * A tiny external store: the runtime configuration (at boot) and the API client set it, the
 * layout's banner reads it.
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

/**
 * The local stack's /config.json says its data is demo, so the banner (the pages' largest paint)
 * need not wait for the first API answer. Called at boot; the API answers stay the fallback.
 * A config that cannot be read is left to the identity code, which reports it when it needs it.
 */
export function markDemoDataFromConfig(): Promise<void> {
  return loadRuntimeConfig().then(
    (config) => markDemoData(config.demoData === true),
    () => {},
  );
}

/** Tests only: forget what was seen. */
export function resetDemoData(): void {
  demo = false;
}
