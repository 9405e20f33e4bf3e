import { describe, expect, it } from 'vitest';
import { rowWindow, scrollTopToReveal } from './row-window';

describe('rowWindow (virtualised rows of 48 px, 10 in view)', () => {
  it('renders the rows in view plus the overscan, never past either end', () => {
    expect(rowWindow(0, 40_000, 48, 10, 4)).toEqual({ first: 0, last: 14 });
    expect(rowWindow(480, 40_000, 48, 10, 4)).toEqual({ first: 6, last: 24 });
    expect(rowWindow(500, 40_000, 48, 10, 4)).toEqual({ first: 6, last: 24 });
    expect(rowWindow(48 * 39_990, 40_000, 48, 10, 4)).toEqual({ first: 39_986, last: 40_000 });
  });

  it('keeps the DOM small whatever the count', () => {
    const { first, last } = rowWindow(48 * 20_000, 70_000, 48, 10, 4);
    expect(last - first).toBe(18);
  });

  it('copes with short lists and stale offsets', () => {
    expect(rowWindow(0, 3, 48, 10, 4)).toEqual({ first: 0, last: 3 });
    expect(rowWindow(4_800, 3, 48, 10, 4)).toEqual({ first: 0, last: 3 });
    expect(rowWindow(-20, 0, 48, 10, 4)).toEqual({ first: 0, last: 0 });
  });
});

describe('scrollTopToReveal', () => {
  it('leaves the offset alone when the row is in view', () => {
    expect(scrollTopToReveal(0, 0, 48, 10)).toBe(0);
    expect(scrollTopToReveal(9, 0, 48, 10)).toBe(0);
  });

  it('scrolls just enough to show a row below or above the view', () => {
    expect(scrollTopToReveal(10, 0, 48, 10)).toBe(48);
    expect(scrollTopToReveal(39_999, 0, 48, 10)).toBe(48 * 39_990);
    expect(scrollTopToReveal(3, 480, 48, 10)).toBe(144);
  });
});
