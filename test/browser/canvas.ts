/// <reference lib="dom" />
import type { Locator } from 'playwright-core';

/**
 * How many pixels of a canvas are drawn on (differ from its most common colour, the background
 * showing through): 0 means a blank chart. Read from a screenshot of the element, decoded by the
 * page's own image decoder: a canvas handed to a worker (the price chart) cannot be read back on
 * the main thread, and what is on screen is what counts.
 */
export async function canvasInk(canvas: Locator): Promise<number> {
  const png = await canvasScreenshot(canvas);
  if (!png) return 0;
  return canvas.page().evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const context = new OffscreenCanvas(image.width, image.height).getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const counts = new Map<number, number>();
    for (let i = 0; i < data.length; i += 4) {
      const rgb = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
      counts.set(rgb, (counts.get(rgb) ?? 0) + 1);
    }
    return data.length / 4 - Math.max(...counts.values());
  }, png);
}

/** The canvas as it is on screen (PNG, base64); '' while it has no size to capture. */
export async function canvasScreenshot(canvas: Locator): Promise<string> {
  try {
    return (await canvas.screenshot({ animations: 'disabled', timeout: 5000 })).toString('base64');
  } catch {
    return '';
  }
}
