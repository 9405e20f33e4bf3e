import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-errors';

describe('§8 chunk load failure', () => {
  it('recognises ChunkLoadError, CSS_CHUNK_LOAD_FAILED and the browsers’ dynamic-import failures', () => {
    const named = Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' });
    const css = Object.assign(new Error('Loading CSS chunk 7 failed.'), {
      code: 'CSS_CHUNK_LOAD_FAILED',
    });
    expect(isChunkLoadError(named)).toBe(true);
    expect(isChunkLoadError(css)).toBe(true);
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk failed')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
