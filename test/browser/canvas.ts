/// <reference lib="dom" />
import type { Locator } from 'playwright-core';

/** How many pixels of a canvas are drawn on (not fully transparent): 0 means a blank chart. */
export function canvasInk(canvas: Locator): Promise<number> {
  return canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const ctx = c.getContext('2d');
    if (!ctx || c.width === 0 || c.height === 0) return 0;
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    let ink = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) ink += 1;
    return ink;
  });
}
