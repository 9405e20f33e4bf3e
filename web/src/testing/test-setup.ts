import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { resetRuntimeConfigForTests } from '../lib/auth/runtime-config';
import { resetDemoData } from '../lib/demo-data';

afterEach(() => cleanup());

// A screen's first lazy import is transformed on demand and can take seconds while the other
// worker runs Chromium on the same two cores: findBy* waits that long before calling it missing.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has <dialog> but not its methods: open and close it as the browser would, minus the
// top layer and the inert page behind (Chromium's own, which the browser tests meet).
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

// The SPA's test files share one jsdom and module cache (vitest.config.ts): each file leaves the
// document, storage, address, globals and the SPA's own module state as it found them.
afterAll(() => {
  resetDemoData();
  resetRuntimeConfigForTests();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  document.body.replaceChildren();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
