/**
 * User Timing marks of the two interactions the product promises to keep fast (read by
 * `npm run bench` in Chromium, visible in any browser's performance panel): drawing a chart and
 * painting the search dropdown after the (debounced) term changed.
 */
export const CHART_RENDER_MEASURE = 'stockscope:chart-render';
export const SEARCH_PAINT_MEASURE = 'stockscope:search-paint';

/** Measures a synchronous piece of work. */
export function measured<T>(name: string, work: () => T): T {
  const start = performance.now();
  try {
    return work();
  } finally {
    performance.measure(name, { start, end: performance.now() });
  }
}

/** Measures from `start` until the next frame has been painted. */
export function measureToNextPaint(name: string, start: number): void {
  requestAnimationFrame(() => {
    // The frame after the one that drew the change: it has been painted by now.
    setTimeout(() => performance.measure(name, { start, end: performance.now() }), 0);
  });
}
