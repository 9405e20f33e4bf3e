import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { webAliases } from './web/aliases.ts';

// As bin/local-env.ts sets it for the local stack: no SDK notices, readable Powertools log lines
// through the console (which the tests can spy on), no EMF metrics printed.
const localEnv = {
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
  POWERTOOLS_DEV: 'true',
};

// Vite's cache of the tests, never the product's (node_modules/.vite, which `npm run dev` uses): a
// test run re-optimising dependencies there would answer a running dev server's browser with
// '504 Outdated Optimize Dep'.
const cacheDir = 'node_modules/.vite-tests';

// Three projects: everything that runs in Node, the SPA in jsdom, and real Chromium against one
// shared local stack serving the built SPA.
export default defineConfig({
  cacheDir,
  test: {
    projects: [
      {
        cacheDir,
        // Cross-cutting tests run the SPA's pure modules over server data (the day-change property
        // test computes the 1D chart's figure with the chart's own code), so they resolve its alias.
        resolve: { alias: webAliases },
        test: {
          name: 'node',
          environment: 'node',
          include: ['{core,lambdas,infra,bin}/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/browser/**', '**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          env: localEnv,
          // graphql ships CommonJS and ESM builds; Vite resolves our imports to the ESM one, so
          // libraries that take the schema must be transformed too or meet "another realm".
          server: { deps: { inline: ['graphql-query-complexity'] } },
        },
      },
      {
        cacheDir,
        resolve: { alias: webAliases },
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: localEnv,
          // The shared stack serves /graphql too (the curation console calls it): as in 'node'.
          server: { deps: { inline: ['graphql-query-complexity'] } },
        },
      },
      {
        cacheDir,
        plugins: [react()],
        resolve: { alias: webAliases },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/testing/test-setup.ts'],
        },
      },
    ],
  },
});
