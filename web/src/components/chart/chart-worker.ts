import { ChartHost } from './chart-host';
import type { FromChart, ToChart } from './chart-messages';

/**
 * The price chart's dedicated worker: chart.js builds and draws the chart here, on the
 * canvas the page handed over, so its first draw (≈ 0.25–0.5 s at 4x CPU throttling) is no long
 * task on the main thread.
 */

// The DOM library types `self` as a window; this is a dedicated worker's global scope.
const scope = self as unknown as {
  postMessage(message: FromChart): void;
  onmessage: ((event: MessageEvent<ToChart>) => void) | null;
};
const host = new ChartHost((message) => scope.postMessage(message));
scope.onmessage = (event) => host.handle(event.data);
