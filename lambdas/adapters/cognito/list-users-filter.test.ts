import { describe, expect, it } from 'vitest';
import { emailPrefixFilter } from './list-users-filter';

describe('emailPrefixFilter', () => {
  it('builds a prefix filter on the e-mail attribute', () => {
    expect(emailPrefixFilter('ann@')).toBe('email ^= "ann@"');
  });

  it('escapes quotes and backslashes so the value cannot end early', () => {
    expect(emailPrefixFilter('a"b')).toBe('email ^= "a\\"b"');
    expect(emailPrefixFilter('a\\')).toBe('email ^= "a\\\\"');
    expect(emailPrefixFilter('x" or username ^= "')).toBe('email ^= "x\\" or username ^= \\""');
  });
});
