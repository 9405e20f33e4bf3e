import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtime-config';

const pool = { region: 'us-east-2', userPoolId: 'us-east-2_abc', userPoolClientId: 'client' };

describe('parseRuntimeConfig', () => {
  it('keeps a GA4 measurement id', () => {
    expect(parseRuntimeConfig({ ...pool, analyticsId: 'G-TEST12345' })).toEqual({
      ...pool,
      analyticsId: 'G-TEST12345',
    });
  });

  it('leaves out an absent or malformed id rather than failing the load', () => {
    expect(parseRuntimeConfig(pool)).toEqual(pool);
    for (const analyticsId of ['UA-1234-1', 'G-', '', 42, 'G-abc"><script>']) {
      expect(parseRuntimeConfig({ ...pool, analyticsId })).toEqual(pool);
    }
  });

  it('still requires the user pool', () => {
    expect(() => parseRuntimeConfig({ region: 'us-east-2' })).toThrow(/userPoolId/);
  });
});
