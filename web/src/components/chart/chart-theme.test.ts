import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_THEME, readChartTheme, withAlpha } from './chart-theme';

afterEach(() => document.head.querySelector('#theme-test')?.remove());

describe('chart theme', () => {
  it('adds an alpha to rgb() and hex colours', () => {
    expect(withAlpha('rgb(4, 120, 87)', 0.5)).toBe('rgba(4, 120, 87, 0.5)');
    expect(withAlpha('rgba(4, 120, 87, 1)', 0.2)).toBe('rgba(4, 120, 87, 0.2)');
    expect(withAlpha('#047857', 0.45)).toBe('rgba(4, 120, 87, 0.45)');
    expect(withAlpha('light-dark(red, blue)', 0.5)).toBe('light-dark(red, blue)');
  });

  it('reads every colour as the page resolves it, and leaves nothing behind', () => {
    const before = document.body.innerHTML;
    const theme = readChartTheme();
    expect(Object.keys(theme).sort()).toEqual(Object.keys(FALLBACK_THEME).sort());
    for (const colour of Object.values(theme)) expect(colour).toMatch(/^(rgb|#)/);
    expect(document.body.innerHTML).toBe(before);
  });
});
