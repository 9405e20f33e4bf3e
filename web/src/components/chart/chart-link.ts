import type { ChartHost } from './chart-host';
import type { FromChart, ToChart } from './chart-messages';

/** The page's end of a chart: where chart.js runs for one canvas element. */
export interface ChartLink {
  /** chart.js runs in the chart worker: the page forwards size changes and the pointer to it. */
  readonly inWorker: boolean;
  send(message: ToChart): void;
  close(): void;
}

/** Whether this canvas can be drawn by a worker (OffscreenCanvas; not in jsdom, older browsers). */
export function canDrawInWorker(canvas: HTMLCanvasElement): boolean {
  return typeof canvas.transferControlToOffscreen === 'function' && typeof Worker === 'function';
}

/**
 * Hands `canvas` to a dedicated chart worker, or — where it cannot be — runs the same chart host
 * on the main thread, loading chart.js only then. A canvas can be handed over only once: each
 * link needs a fresh element.
 */
export function openChartLink(
  canvas: HTMLCanvasElement,
  receive: (message: FromChart) => void,
): ChartLink {
  if (canDrawInWorker(canvas)) {
    const worker = new Worker(new URL('./chart-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<FromChart>) => receive(event.data);
    // The canvas is the worker's now: a worker that fails leaves the box empty, so say why.
    worker.onerror = (event) => console.error('The chart worker failed:', event.message);
    const offscreen = canvas.transferControlToOffscreen();
    // The worker sets the canvas's pixel size; the element takes its box's CSS size.
    Object.assign(canvas.style, { display: 'block', width: '100%', height: '100%' });
    worker.postMessage({ type: 'canvas', canvas: offscreen } satisfies ToChart, [offscreen]);
    return {
      inWorker: true,
      send: (message) => worker.postMessage(message),
      close: () => worker.terminate(),
    };
  }
  let host: ChartHost | undefined;
  let closed = false;
  const queued: ToChart[] = [{ type: 'canvas', canvas }];
  void import('./chart-host').then(({ ChartHost }) => {
    if (closed) return;
    host = new ChartHost(receive);
    for (const message of queued.splice(0)) host.handle(message);
  });
  return {
    inWorker: false,
    send: (message) => {
      if (host) host.handle(message);
      else queued.push(message);
    },
    close: () => {
      closed = true;
      host?.handle({ type: 'clear' });
    },
  };
}
