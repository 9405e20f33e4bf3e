/**
 * Which rows of a fixed-height list to render (list virtualisation). The search dropdown's rows are
 * all 48 px (SPEC §9), so the window follows from the scroll offset alone: no measuring, and it
 * works the same in jsdom as in a browser.
 */

/** Rows [first, last) to render: those in view plus `overscan` on either side. */
export interface RowWindow {
  readonly first: number;
  readonly last: number;
}

export function rowWindow(
  scrollTop: number,
  count: number,
  rowHeight: number,
  visibleRows: number,
  overscan: number,
): RowWindow {
  const top = Math.floor(Math.max(0, scrollTop) / rowHeight);
  return {
    first: Math.max(0, Math.min(top, count) - overscan),
    last: Math.min(count, top + visibleRows + overscan),
  };
}

/** The scroll offset that shows row `index` while moving as little as possible from `scrollTop`. */
export function scrollTopToReveal(
  index: number,
  scrollTop: number,
  rowHeight: number,
  visibleRows: number,
): number {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + visibleRows * rowHeight) return bottom - visibleRows * rowHeight;
  return scrollTop;
}
