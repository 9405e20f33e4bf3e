import { awaitSharedStack } from './shared-stack-info';

// The stack files' setup file: each waits here until the shared stack the global setup starts in
// the background serves (test/support/stack-global-setup.ts).
await awaitSharedStack();
