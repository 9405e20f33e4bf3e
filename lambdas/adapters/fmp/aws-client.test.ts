import { describe, expect, it } from 'vitest';
import { callsPerMinuteFromEnv, FMP_CALLS_PER_MINUTE_ENV } from './aws-client';

describe('the per-minute limit from the environment', () => {
  it('reads a positive whole number, and nothing when unset or blank', () => {
    expect(callsPerMinuteFromEnv({ [FMP_CALLS_PER_MINUTE_ENV]: '750' })).toBe(750);
    expect(callsPerMinuteFromEnv({})).toBeUndefined();
    expect(callsPerMinuteFromEnv({ [FMP_CALLS_PER_MINUTE_ENV]: ' ' })).toBeUndefined();
  });

  it.each(['0', '-5', '2.5', 'lots'])('refuses %j, naming the variable', (value) => {
    expect(() => callsPerMinuteFromEnv({ [FMP_CALLS_PER_MINUTE_ENV]: value })).toThrow(
      `FMP_CALLS_PER_MINUTE must be a positive whole number, got "${value}"`,
    );
  });
});
