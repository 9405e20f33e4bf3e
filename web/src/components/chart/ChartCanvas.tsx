import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { whenIdle } from '../../lib/idle-queue';
import { CHART_RENDER_MEASURE, measured } from '../../lib/perf-marks';
import { buildChartConfig, type ChartMode, type ChartPlan } from './chart-config';
import type { ChartPoint } from './chart-points';
import { readChartTheme } from './chart-theme';
import { Chart } from './register-chart';
import { tooltipSentence } from './tooltip-text';
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

const KEY_STEPS: Readonly<Record<string, number>> = { ArrowLeft: -1, ArrowRight: 1 };

/**
 * The canvas. chart.js, its adapter and the financial controllers live only in this lazily
 * loaded module, so they are a chunk of their own that '/' does not fetch up front.
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
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = useRef<{ chart: Chart; plan: ChartPlan; active: number } | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  const themeKey = useThemeKey();
  // Whether this canvas has drawn yet: only its first draw waits for idle time.
  const hasDrawn = useRef(false);

  useEffect(() => {
    const box = host.current;
    const element = canvas.current;
    if (!box || !element) return;
    let chart: Chart | undefined;
    const draw = () => {
      const compare =
        compareLabel !== undefined && comparePoints !== undefined
          ? { label: compareLabel, points: comparePoints }
          : undefined;
      // Colours are read now, so a theme change (themeKey) redraws with the new ones.
      const plan = buildChartConfig({
        points,
        mode,
        intraday,
        label,
        ...(currency ? { currency } : {}),
        ...(compare ? { compare } : {}),
        theme: readChartTheme(box),
        width: box.clientWidth,
      });
      const made = measured(CHART_RENDER_MEASURE, () => new Chart(element, plan.config));
      chart = made;
      hasDrawn.current = true;
      drawn.current = { chart: made, plan, active: -1 };
      // Set with the chart, not rendered: they describe what is on the canvas right now.
      box.dataset.bars = String(plan.drawn);
      box.dataset.timeframe = timeframe;
      box.dataset.mode = compare ? 'compare' : mode;
    };
    // Issue 14: chart.js's first draw is a long task (≈ 0.4 s at 4x throttling) above the fold on
    // '/': it waits until the page has painted and the main thread is idle, in its reserved box
    // (height set below, so nothing moves). A new timeframe or mode redraws at once.
    const withdraw = hasDrawn.current ? undefined : whenIdle(draw);
    if (!withdraw) draw();
    return () => {
      withdraw?.();
      chart?.destroy();
      drawn.current = undefined;
      delete box.dataset.bars;
      delete box.dataset.timeframe;
      delete box.dataset.mode;
    };
  }, [points, mode, intraday, label, currency, compareLabel, comparePoints, timeframe, themeKey]);

  /** Shows the crosshair and tooltip at bar `index` of the price series (-1 hides them). */
  function showBar(index: number) {
    const current = drawn.current;
    if (!current) return;
    const { chart, plan } = current;
    current.active = index;
    const element = chart.getDatasetMeta(0).data[index];
    const active = element ? [{ datasetIndex: 0, index }] : [];
    chart.setActiveElements(active);
    chart.tooltip?.setActiveElements(active, { x: element?.x ?? 0, y: element?.y ?? 0 });
    chart.update('none');
    const item = chart.data.datasets[0]?.data[index];
    const tip = element ? plan.describe(item) : undefined;
    setAnnouncement(tip ? tooltipSentence(tip.title, tip.lines) : '');
  }

  /** The keyboard crosshair: arrows move it bar by bar (Shift: 10), Home/End, Escape hides it. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = drawn.current;
    const last = (current?.chart.data.datasets[0]?.data.length ?? 0) - 1;
    if (!current || last < 0) return;
    const step = KEY_STEPS[event.key];
    let next: number;
    if (step !== undefined) {
      // From nothing, the crosshair starts at the latest bar.
      const moved = current.active + step * (event.shiftKey ? 10 : 1);
      next = current.active < 0 ? last : Math.min(last, Math.max(0, moved));
    } else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape') next = -1;
    else return;
    event.preventDefault();
    showBar(next);
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
        onBlur={() => {
          if ((drawn.current?.active ?? -1) >= 0) showBar(-1);
        }}
      >
        <canvas ref={canvas} />
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
