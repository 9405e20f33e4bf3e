import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';
import { fileURLToPath } from 'node:url';
import { webAliases } from './aliases.ts';

const inRepo = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * React Router 7's package exports resolve to its development build in every mode (upstream
 * remix-run/react-router#14102): dev warnings stay on and each render does their extra work. The
 * production build of the same version sits beside it; the build takes that one, the dev server
 * keeps the warnings.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: inRepo('node_modules/react-router/dist/production/index.mjs'),
};

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      ...Object.entries(webAliases).map(([find, replacement]) => ({ find, replacement })),
      ...(command === 'build' ? [reactRouterProduction] : []),
    ],
  },
  server: {
    // The dev server serves files by absolute path (/@fs/…): only what the SPA is built from — its
    // own folder, core/ and the dependencies — never the rest of the checkout (.data/ holds the
    // demo passwords, refresh tokens and the identity service's signing key; infra/ and lambdas/
    // are server code).
    fs: {
      strict: true,
      allow: [inRepo('web'), inRepo('core'), inRepo('node_modules')],
      deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/.data/**'],
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one file, in the order it runs, so the boot's
          // top-level awaits (src/boot/) split its evaluation into tasks. Left to itself, the
          // bundler moves what the lazy screens share out of a chunk that awaits at its top level:
          // about 40 small files, which delay Lighthouse's first paint.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
}));
