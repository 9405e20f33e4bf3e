import { fileURLToPath } from 'node:url';

/**
 * Import aliases of the SPA, the same as the `paths` of web/tsconfig.json: Vite (the build, the
 * dev server) and Vitest (the web and browser projects) resolve them from here.
 */
export const webAliases = {
  '@core': fileURLToPath(new URL('../core', import.meta.url)),
};
