/**
 * User Timing marks of the two interactions the product promises to keep fast (read by
 * `npm run bench` in Chromium, visible in any browser's performance panel): drawing a chart and
 * painting the search dropdown after the (debounced) term changed.
 */
export const CHART_RENDER_MEASURE = 'stockscope:chart-render';
export const SEARCH_PAINT_MEASURE = 'stockscope:search-paint';

/**
 * Measures from `start` until the next frame has been painted; called where the change has just
 * been committed to the DOM. Besides the whole span, two parts of it under the same name: `:commit`
 * (start to this call: the app's own work before the frame) and `:frame` (the frame's start, or
 * this call if later, to the end: style, layout and paint). What remains is the wait for the
 * display's next frame, which the page cannot shorten.
 */
export function measureToNextPaint(name: string, start: number): void {
  const committed = performance.now();
  requestAnimationFrame((frameStart) => {
    // The frame after the one that drew the change: it has been painted by now.
    setTimeout(() => {
      const end = performance.now();
      performance.measure(name, { start, end });
      performance.measure(`${name}:commit`, { start, end: committed });
      performance.measure(`${name}:frame`, { start: Math.max(frameStart, committed), end });
    }, 0);
  });
}
