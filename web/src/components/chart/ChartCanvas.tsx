import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { whenIdle } from '../../lib/idle-queue';
import { CHART_RENDER_MEASURE } from '../../lib/perf-marks';
import type { ChartMode } from './chart-config';
import { openChartLink, type ChartLink } from './chart-link';
import type { FromChart } from './chart-messages';
import type { ChartPoint } from './chart-points';
import { readChartTheme } from './chart-theme';
import { isCrosshairKey } from './crosshair-keys';
import { useThemeKey } from './use-theme-key';

export interface ChartCanvasProps {
  readonly points: readonly ChartPoint[];
  readonly mode: ChartMode;
  readonly intraday: boolean;
  readonly label: string;
  readonly currency?: string | undefined;
  /** The compared index's name and bars (both series are then drawn as % change). */
  readonly compareLabel?: string | undefined;
  readonly comparePoints?: readonly ChartPoint[] | undefined;
  /** Recorded on the container with the bar count once drawn (tests and the bench wait for it). */
  readonly timeframe: string;
  readonly height: number;
}

/**
 * The canvas. chart.js draws it in a dedicated worker (chart-link.ts, issue 14: its first draw was
 * the longest task left on the main thread); where a canvas cannot be handed to a worker, in a
 * module loaded only then. Either way chart.js is not in the JavaScript '/' loads up front.
 */
export default function ChartCanvas({
  points,
  mode,
  intraday,
  label,
  currency,
  compareLabel,
  comparePoints,
  timeframe,
  height,
}: ChartCanvasProps) {
  const host = useRef<HTMLDivElement>(null);
  const link = useRef<ChartLink | undefined>(undefined);
  // The draw whose result the container is waiting for (an older one's answer is stale).
  const expected = useRef<{ id: number; timeframe: string; mode: string } | undefined>(undefined);
  const draws = useRef(0);
  const [announcement, setAnnouncement] = useState('');
  const themeKey = useThemeKey();
  // Whether this canvas has drawn yet: only its first draw waits for idle time.
  const hasDrawn = useRef(false);

  useEffect(() => {
    const box = host.current;
    if (!box) return;
    // Made here rather than rendered: a canvas handed to a worker cannot be handed over again, and
    // each run of this effect (a remount, StrictMode's second run) opens a link of its own.
    const element = document.createElement('canvas');
    box.append(element);
    const receive = (message: FromChart) => {
      if (message.type === 'announce') {
        setAnnouncement(message.text);
        return;
      }
      const wanted = expected.current;
      if (wanted?.id !== message.id) return;
      // Timed where chart.js ran (the worker, or the fallback on this thread) and recorded here, on
      // the page's timeline, where the bench and a performance panel read it.
      performance.measure(CHART_RENDER_MEASURE, {
        start: message.start - performance.timeOrigin,
        duration: message.duration,
      });
      // Set once drawn, not rendered: they describe what is on the canvas right now.
      box.dataset.bars = String(message.bars);
      box.dataset.timeframe = wanted.timeframe;
      box.dataset.mode = wanted.mode;
    };
    const opened = openChartLink(element, receive);
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
  }, []);

  useEffect(() => {
    const box = host.current;
    const opened = link.current;
    if (!box || !opened) return;
    const draw = () => {
      const compare =
        compareLabel !== undefined && comparePoints !== undefined
          ? { label: compareLabel, points: comparePoints }
          : undefined;
      draws.current += 1;
      expected.current = { id: draws.current, timeframe, mode: compare ? 'compare' : mode };
      hasDrawn.current = true;
      opened.send({
        type: 'draw',
        id: draws.current,
        request: {
          points,
          mode,
          intraday,
          label,
          ...(currency ? { currency } : {}),
          ...(compare ? { compare } : {}),
          // Colours are read now, so a theme change (themeKey) redraws with the new ones.
          theme: readChartTheme(box),
          width: box.clientWidth,
          height: box.clientHeight,
          devicePixelRatio: window.devicePixelRatio || 1,
        },
      });
    };
    // Issue 14: the first draw waits until the page has painted and the main thread is idle, in
    // its reserved box (height set below, so nothing moves): a worker's draw still costs this
    // thread the posting of the bars, and the fallback is a long task. A new timeframe or mode
    // redraws at once.
    const withdraw = hasDrawn.current ? undefined : whenIdle(draw);
    if (!withdraw) draw();
    return () => {
      withdraw?.();
      // The chart stays until the next draw replaces it (in the same task, with no blank frame
      // between) or the link closes.
      expected.current = undefined;
      delete box.dataset.bars;
      delete box.dataset.timeframe;
      delete box.dataset.mode;
    };
  }, [points, mode, intraday, label, currency, compareLabel, comparePoints, timeframe, themeKey]);

  /** The keyboard crosshair: the chart host moves it and answers the bar's sentence. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!expected.current || !isCrosshairKey(event.key)) return;
    event.preventDefault();
    link.current?.send({ type: 'key', key: event.key, shift: event.shiftKey });
  }

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

  const compared = compareLabel !== undefined && comparePoints !== undefined;
  return (
    <>
      {compared && (
        <p className="chart-legend">
          <span className="chart-legend-primary">{label}</span>
          <span className="chart-legend-compare">{compareLabel}</span>
          <span className="muted">% change from the first common bar</span>
        </p>
      )}
      <div
        ref={host}
        className="chart-canvas"
        style={{ height }}
        data-testid="price-chart"
        tabIndex={0}
        role="group"
        aria-roledescription="chart"
        aria-label={`${label} ${compared ? `compared with ${compareLabel}` : 'price'}, ${timeframe}. Arrow keys move the crosshair.`}
        onKeyDown={onKeyDown}
        onBlur={() => link.current?.send({ type: 'blur' })}
        onPointerMove={onPointer}
        onPointerLeave={onPointer}
      />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
