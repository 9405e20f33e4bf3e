import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: everything that runs in Node, and the SPA in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['{core,lambdas,infra,bin}/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          env: {
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
            AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
          },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test-setup.ts'],
        },
      },
    ],
  },
});
