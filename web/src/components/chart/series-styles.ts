import type { ChartTheme } from './chart-theme';

/** How one line of the performance chart is drawn (and its legend swatch). */
export interface SeriesStyle {
  readonly color: string;
  /** chart.js borderDash / SVG stroke-dasharray; [] is solid. */
  readonly dash: readonly number[];
}

/**
 * Lines told apart by dash as well as colour (never colour alone): up to six stocks, then the
 * benchmark in the theme's muted colour, thicker dashes. The colours are the Okabe–Ito palette,
 * distinguishable with the common colour-vision deficiencies.
 */
const STOCK_STYLES: readonly SeriesStyle[] = [
  { color: '#0072b2', dash: [] },
  { color: '#d55e00', dash: [6, 2] },
  { color: '#009e73', dash: [2, 2] },
  { color: '#cc79a7', dash: [8, 2, 2, 2] },
  { color: '#e69f00', dash: [4, 4] },
  { color: '#56b4e9', dash: [1, 3] },
];

export const stockStyle = (at: number): SeriesStyle => STOCK_STYLES[at % STOCK_STYLES.length]!;

export const benchmarkStyle = (theme: Pick<ChartTheme, 'muted'>): SeriesStyle => ({
  color: theme.muted,
  dash: [10, 4],
});
