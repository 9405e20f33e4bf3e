import type { ChartInput } from './chart-config';
import type { LinesInput } from './lines-config';

/**
 * What the page asks of the chart host, which runs chart.js in the chart worker or, where a canvas
 * cannot be handed to a worker, on the main thread. Plain data only: the worker builds the
 * chart.js configuration (its callbacks cannot be posted) from it: a price chart's
 * (buildChartConfig) or a lines chart's (buildLinesConfig).
 */
export type DrawRequest = (
  ({ readonly kind: 'price' } & ChartInput) | ({ readonly kind: 'lines' } & LinesInput)
) & {
  /** The canvas's size in CSS px and the display's pixels per CSS px. */
  readonly width: number;
  readonly height: number;
  readonly devicePixelRatio: number;
};

export type ToChart =
  /** The canvas to draw on: an OffscreenCanvas handed to the worker, or the element itself. */
  | { readonly type: 'canvas'; readonly canvas: HTMLCanvasElement | OffscreenCanvas }
  | { readonly type: 'draw'; readonly id: number; readonly request: DrawRequest }
  | { readonly type: 'clear' }
  | { readonly type: 'resize'; readonly width: number; readonly height: number }
  /** The pointer over the canvas (CSS px from its top left corner); null: it left. */
  | { readonly type: 'pointer'; readonly x: number | null; readonly y: number | null }
  | { readonly type: 'key'; readonly key: string; readonly shift: boolean }
  | { readonly type: 'blur' };

export type FromChart =
  /**
   * Draw `id` is on the canvas: `bars` drawn by the price series (of a lines chart: its series);
   * chart.js took `duration` ms from `start` (ms since the epoch, so the page can place it on its
   * own timeline).
   */
  | {
      readonly type: 'drawn';
      readonly id: number;
      readonly bars: number;
      readonly start: number;
      readonly duration: number;
    }
  /** The keyboard crosshair's bar as a sentence for the live region ('' when hidden). */
  | { readonly type: 'announce'; readonly text: string };
