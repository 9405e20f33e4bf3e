// The child process of startChildStack (child-stack.ts): the local stack, alone on its event loop.
import '../bin/local-env';
import { startLocalStack } from '../infra/local/stack';
import type { ChildStackOptions } from './child-stack';
import { serveInChild } from './serve-in-child';

serveInChild<ChildStackOptions & { readonly dataDir: string }>(async (options) => {
  const stack = await startLocalStack({ port: 0, spa: 'none', ...options });
  return { url: stack.url, pids: stack.childPids, stop: () => stack.stop() };
});
