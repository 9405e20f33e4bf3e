import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

// web/*.ts (not web/src) is the SPA's build tooling, which runs in Node.
const NODE_TESTS = ['{core,lambdas,infra,bin}/**/*.test.ts', 'web/*.test.ts', 'test/**/*.test.ts'];
const CDK_TESTS = 'test/cdk/**/*.test.ts';
const STACK_TESTS = ['test/browser/**', 'test/integration/**'];

/**
 * Files that count what happens when a module is first imported (a lazily built schema) or replace
 * a module with vi.mock: they need a module cache of their own. (The SPA's tests keep vitest's
 * isolation: their modules hold query caches and stubs that leak from file to file.)
 */
const NEEDS_FRESH_MODULES = ['core/curation/sheet-schemas-lazy.test.ts'];

const WEB_TEST_FILES = readdirSync('web/src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `web/src/${file}`);
const webFilesWith = (text: string) =>
  WEB_TEST_FILES.filter((file) => readFileSync(file, 'utf8').includes(text));

/**
 * The SPA's test files that replace a module with vi.mock keep a module cache of their own: in a
 * shared cache another file may already hold the real module (or this file's mock would stay for
 * the next). Found by reading the files, so a new file that mocks is isolated with no list to keep.
 */
const WEB_MOCKING = webFilesWith('vi.mock(');
/**
 * The files that sign in through the Amplify stand-in (testing/amplify-mock.ts, reset by each
 * test) get it in place of 'aws-amplify' by alias, so they can share a module cache too.
 */
const WEB_AMPLIFY = webFilesWith('testing/amplify-mock').filter(
  (file) => !WEB_MOCKING.includes(file),
);
const amplifyStandIn = fileURLToPath(new URL('web/src/testing/amplify-mock.ts', import.meta.url));

const webProject = {
  cacheDir,
  plugins: [react()],
  resolve: { alias: webAliases },
};
const webTest = {
  environment: 'jsdom',
  // Above the findBy* wait (test-setup.ts), so a slow first render fails as a missing element.
  testTimeout: 15_000,
  setupFiles: ['web/src/testing/test-setup.ts'],
};

const nodeProject = {
  testTimeout: 30_000,
  hookTimeout: 120_000,
  env: localEnv,
  // graphql ships CommonJS and ESM builds; Vite resolves our imports to the ESM one, so
  // libraries that take the schema must be transformed too or meet "another realm".
  server: { deps: { inline: ['graphql-query-complexity'] } },
};

// Projects: the unit and cross-cutting tests in Node, the CDK app, the SPA in jsdom, and the
// integration tests over HTTP and real Chromium against one shared local stack serving the built SPA.
export default defineConfig({
  cacheDir,
  test: {
    // Two cores: one file per core (vitest's default leaves one core idle).
    maxWorkers: 2,
    projects: [
      {
        cacheDir,
        // Cross-cutting tests run the SPA's pure modules over server data (the day-change property
        // test computes the 1D chart's figure with the chart's own code), so they resolve its alias.
        resolve: { alias: webAliases },
        test: {
          name: 'node',
          environment: 'node',
          include: NODE_TESTS,
          exclude: [...STACK_TESTS, CDK_TESTS, ...NEEDS_FRESH_MODULES, '**/node_modules/**'],
          ...nodeProject,
          // One module cache per worker for the whole project: the AWS SDK, zod schemas and the
          // demo universe are imported once instead of once per file (a third of the time).
          isolate: false,
        },
      },
      {
        cacheDir,
        resolve: { alias: webAliases },
        test: {
          name: 'node (fresh modules)',
          environment: 'node',
          include: NEEDS_FRESH_MODULES,
          ...nodeProject,
        },
      },
      {
        cacheDir,
        test: {
          name: 'cdk',
          environment: 'node',
          include: [CDK_TESTS],
          globalSetup: ['test/cdk/cdk-output-setup.ts'],
          ...nodeProject,
          // aws-cdk-lib is imported once, and test/cdk/synth.ts synthesises the default app once.
          isolate: false,
        },
      },
      {
        cacheDir,
        resolve: { alias: webAliases },
        test: {
          name: 'stack',
          environment: 'node',
          // Real Chromium and the integration tests over HTTP, all on the one stack the global
          // setup starts (each file with users, symbols and ISINs of its own).
          include: ['test/browser/**/*.test.ts', 'test/integration/**/*.test.ts'],
          globalSetup: ['test/support/stack-global-setup.ts'],
          // The stack starts in the background while the other projects' files run; each stack
          // file first waits for it here.
          setupFiles: ['test/support/await-shared-stack.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: localEnv,
          // The shared stack serves /graphql too (the curation console calls it): as in 'node'.
          server: { deps: { inline: ['graphql-query-complexity'] } },
        },
      },
      {
        ...webProject,
        test: {
          name: 'web',
          ...webTest,
          include: ['web/src/**/*.test.{ts,tsx}'],
          exclude: [...WEB_MOCKING, ...WEB_AMPLIFY, '**/node_modules/**'],
          // One module cache and one jsdom per worker: React, the router and TanStack Query are
          // imported once instead of once per file (a run of the project went from 393 s to 71 s).
          // test-setup.ts clears what a file leaves in the document, storage and globals.
          isolate: false,
        },
      },
      {
        ...webProject,
        resolve: {
          alias: [
            { find: /^aws-amplify(\/auth|\/utils)?$/, replacement: amplifyStandIn },
            ...Object.entries(webAliases).map(([find, replacement]) => ({ find, replacement })),
          ],
        },
        test: { name: 'web (Amplify stand-in)', ...webTest, include: WEB_AMPLIFY, isolate: false },
      },
      {
        ...webProject,
        test: { name: 'web (module mocks)', ...webTest, include: WEB_MOCKING },
      },
    ],
  },
});
