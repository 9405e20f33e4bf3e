/**
 * SPEC §8: a lazily loaded screen whose chunk fails to load (ChunkLoadError 'Loading chunk
 * failed'; CSS_CHUNK_LOAD_FAILED for its stylesheet) is a recoverable error, not a crash.
 */
export const CHUNK_LOAD_ERROR_NAME = 'ChunkLoadError';
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

const CHUNK_MESSAGES = [
  'Loading chunk', // webpack-style 'Loading chunk 3 failed'
  'Loading CSS chunk',
  'Failed to fetch dynamically imported module', // Chromium, native dynamic import
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's preload helper
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return (
    error.name === CHUNK_LOAD_ERROR_NAME ||
    code === CSS_CHUNK_LOAD_FAILED ||
    CHUNK_MESSAGES.some((text) => error.message.includes(text))
  );
}
