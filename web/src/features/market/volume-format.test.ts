import { describe, expect, it } from 'vitest';
import { formatVolume } from './volume-format';

describe('formatVolume', () => {
  it('prints whole shares below a thousand and K, M, B with two decimals at most above', () => {
    expect(formatVolume(987)).toBe('987');
    expect(formatVolume(414_918)).toBe('414.92K');
    expect(formatVolume(4_890_000)).toBe('4.89M');
    expect(formatVolume(1_200_000_000)).toBe('1.2B');
    expect(formatVolume(Number.NaN)).toBe('—');
  });
});
