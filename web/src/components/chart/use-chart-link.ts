import { useEffect, useRef, type PointerEvent, type RefObject } from 'react';
import { openChartLink, type ChartLink } from './chart-link';
import type { FromChart } from './chart-messages';

/**
 * A chart's canvas in `host`, drawn by the chart host (chart-link.ts): in the chart worker where
 * the canvas can be handed over, else on this thread. The worker is told of the box's size changes
 * and, through `onPointer` on the host element, of the pointer (its chart.js sees no DOM events).
 * `receive` (stable: a useCallback) gets the host's messages with the box. The link is undefined
 * until the effect has run; effects declared after this hook's see it.
 */
export function useChartLink(
  host: RefObject<HTMLDivElement | null>,
  receive: (message: FromChart, box: HTMLDivElement) => void,
): {
  readonly link: RefObject<ChartLink | undefined>;
  readonly onPointer: (event: PointerEvent<HTMLDivElement>) => void;
} {
  const link = useRef<ChartLink | undefined>(undefined);

  useEffect(() => {
    const box = host.current;
    if (!box) return;
    // Made here rather than rendered: a canvas handed to a worker cannot be handed over again, and
    // each run of this effect (a remount, StrictMode's second run) opens a link of its own.
    const element = document.createElement('canvas');
    box.append(element);
    const opened = openChartLink(element, (message) => receive(message, box));
    link.current = opened;
    // A worker's chart.js cannot watch its box: the page tells it the new size.
    const resized = opened.inWorker
      ? new ResizeObserver(() => {
          opened.send({ type: 'resize', width: box.clientWidth, height: box.clientHeight });
        })
      : undefined;
    resized?.observe(box);
    return () => {
      resized?.disconnect();
      opened.close();
      element.remove();
      link.current = undefined;
    };
  }, [host, receive]);

  /** Only a worker's chart.js needs the pointer forwarded (on this thread it listens itself). */
  function onPointer(event: PointerEvent<HTMLDivElement>) {
    const opened = link.current;
    const element = host.current?.querySelector('canvas');
    if (!opened?.inWorker || !element) return;
    if (event.type === 'pointerleave') {
      opened.send({ type: 'pointer', x: null, y: null });
      return;
    }
    const rect = element.getBoundingClientRect();
    opened.send({ type: 'pointer', x: event.clientX - rect.left, y: event.clientY - rect.top });
  }

  return { link, onPointer };
}
