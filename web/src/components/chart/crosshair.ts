import type { InteractionModeFunction, Plugin } from 'chart.js';
import { nearestIndex } from './chart-points';

declare module 'chart.js' {
  interface InteractionModeMap {
    /** The price series' bar nearest the pointer along x (see priceBarMode). */
    priceBar: InteractionModeFunction;
  }
}

/**
 * Interaction mode: the price series' (dataset 0) bar nearest to the pointer along x, anywhere
 * over the plot — volume panel included. chart.js's 'index' mode would pair bars by position
 * across datasets whose lengths differ (a decimated line, weekly volume).
 */
export const priceBarMode: InteractionModeFunction = (chart, event) => {
  const { x, y } = event;
  const { left, right, top, bottom } = chart.chartArea;
  if (x === null || y === null || x < left || x > right || y < top || y > bottom) return [];
  const elements = chart.getDatasetMeta(0).data;
  const index = nearestIndex(elements.length, (i) => elements[i]!.x, x);
  return index < 0 ? [] : [{ element: elements[index]!, datasetIndex: 0, index }];
};

/** A dashed vertical line through the active bar, over the price and volume panels. */
export function crosshairPlugin(color: string): Plugin {
  return {
    id: 'crosshair',
    afterDatasetsDraw(chart) {
      const active = chart.tooltip?.getActiveElements()[0];
      if (!active) return;
      const { x } = active.element;
      const { top, bottom } = chart.chartArea;
      const { ctx } = chart;
      ctx.save();
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, bottom);
      ctx.lineWidth = 1;
      ctx.strokeStyle = color;
      ctx.setLineDash([4, 4]);
      ctx.stroke();
      ctx.restore();
    },
  };
}
