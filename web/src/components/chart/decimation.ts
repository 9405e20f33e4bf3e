import { BAR_LIMIT } from './aggregate';

/** Fewest and most points a decimated line keeps, whatever the chart's width. */
export const MIN_LINE_SAMPLES = 200;
export const MAX_LINE_SAMPLES = 1000;

export interface LineDecimation {
  /** The chart.js decimation plugin's options for the line (algorithm 'lttb'). */
  readonly enabled: boolean;
  readonly algorithm: 'lttb';
  readonly samples: number;
  readonly threshold: number;
  /** Points the line will draw. */
  readonly drawn: number;
}

/**
 * When and how far chart.js decimates a line of `count` points on a chart `width` px wide: about
 * one point per pixel (more cannot be seen), only above BAR_LIMIT points so short ranges keep
 * every bar and their gapless axis (decimation needs a 'time' axis).
 */
export function lineDecimation(count: number, width: number): LineDecimation {
  const samples = Math.min(MAX_LINE_SAMPLES, Math.max(MIN_LINE_SAMPLES, Math.round(width) || 0));
  const threshold = Math.max(BAR_LIMIT, samples);
  const enabled = count > threshold;
  return { enabled, algorithm: 'lttb', samples, threshold, drawn: enabled ? samples : count };
}
