import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { whenIdle } from '../../lib/idle-queue';
import { CHART_RENDER_MEASURE } from '../../lib/perf-marks';
import type { ChartMode } from './chart-config';
import type { FromChart } from './chart-messages';
import type { ChartPoint } from './chart-points';
import { readChartTheme } from './chart-theme';
import { isCrosshairKey } from './crosshair-keys';
import { useChartLink } from './use-chart-link';
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
 * The canvas. chart.js draws it in a dedicated worker (chart-link.ts: its first draw would be the
 * longest task on the main thread); where a canvas cannot be handed to a worker, in a
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
  // The draw whose result the container is waiting for (an older one's answer is stale).
  const expected = useRef<{ id: number; timeframe: string; mode: string } | undefined>(undefined);
  const draws = useRef(0);
  const [announcement, setAnnouncement] = useState('');
  const themeKey = useThemeKey();
  // Whether this canvas has drawn yet: only its first draw waits for idle time.
  const hasDrawn = useRef(false);

  const receive = useCallback((message: FromChart, box: HTMLDivElement) => {
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
  }, []);
  const { link, onPointer } = useChartLink(host, receive);

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
          kind: 'price',
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
    // The first draw waits until the page has painted and the main thread is idle, in
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
  }, [
    link,
    points,
    mode,
    intraday,
    label,
    currency,
    compareLabel,
    comparePoints,
    timeframe,
    themeKey,
  ]);

  /** The keyboard crosshair: the chart host moves it and answers the bar's sentence. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!expected.current || !isCrosshairKey(event.key)) return;
    event.preventDefault();
    link.current?.send({ type: 'key', key: event.key, shift: event.shiftKey });
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
