import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHART_RENDER_MEASURE } from '../../lib/perf-marks';
import ChartCanvas from './ChartCanvas';
import type { FromChart, ToChart } from './chart-messages';
import { syntheticDailyBars } from './synthetic-bars';

// chart.js cannot draw in jsdom: a stand-in records what the component asks of it.
const { FakeChart, charts } = vi.hoisted(() => {
  interface Config {
    data: { datasets: { data: unknown[] }[] };
  }
  const charts: InstanceType<typeof FakeChart>[] = [];
  class FakeChart {
    readonly data: Config['data'];
    destroyed = false;
    active: unknown[] = [];
    updates = 0;
    readonly tooltip = { setActiveElements: vi.fn() };
    constructor(
      readonly canvas: HTMLCanvasElement,
      readonly config: Config,
    ) {
      this.data = config.data;
      charts.push(this);
    }
    destroy() {
      this.destroyed = true;
    }
    getDatasetMeta(i: number) {
      return { data: this.data.datasets[i]!.data.map((_, j) => ({ x: j * 10, y: 50 })) };
    }
    setActiveElements(active: unknown[]) {
      this.active = active;
    }
    update() {
      this.updates += 1;
    }
  }
  return { FakeChart, charts };
});
vi.mock('./register-chart', () => ({ Chart: FakeChart }));

// Idle time on demand: tasks run at once unless a test holds them back.
const idle = vi.hoisted(() => ({ hold: false, tasks: [] as (() => void)[] }));
vi.mock('../../lib/idle-queue', () => ({
  whenIdle: (task: () => void) => {
    if (!idle.hold) {
      task();
      return () => {};
    }
    idle.tasks.push(task);
    return () => {
      idle.tasks = idle.tasks.filter((t) => t !== task);
    };
  },
}));

const points = syntheticDailyBars(20, new Date(2025, 2, 3));
const props = {
  points,
  mode: 'line' as const,
  intraday: false,
  label: 'ACME',
  timeframe: '3M',
  height: 300,
};

// Reset before each test: a theme reset after the last one may still redraw its chart.
beforeEach(() => {
  charts.length = 0;
  idle.hold = false;
  idle.tasks = [];
});
afterEach(() => {
  delete document.documentElement.dataset.theme;
});

/** The first draw runs once the fallback has loaded chart.js (a dynamic import): wait for it. */
const drawnCharts = (count: number) => waitFor(() => expect(charts).toHaveLength(count));

// jsdom has no OffscreenCanvas: these tests run the main-thread fallback, chart.js (faked) on the
// canvas element, through the same chart host the worker runs (chart-host.ts).
describe('ChartCanvas (main-thread fallback)', () => {
  it('runs without OffscreenCanvas, so no worker is started', async () => {
    const started = vi.fn();
    vi.stubGlobal('Worker', started);
    try {
      render(<ChartCanvas {...props} />);
      await drawnCharts(1);
      expect(HTMLCanvasElement.prototype.transferControlToOffscreen).toBeUndefined();
      expect(started).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  // chart.js's first draw is a long task: above the fold on '/' it would delay the first paint.
  it('draws first when the browser is idle, in its reserved box, and redraws at once after', async () => {
    idle.hold = true;
    const { rerender } = render(<ChartCanvas {...props} />);
    const container = screen.getByTestId('price-chart');
    expect(charts).toHaveLength(0);
    expect(container).toHaveStyle({ height: '300px' });
    expect(container.dataset.bars).toBeUndefined();

    act(() => idle.tasks.shift()?.());
    await drawnCharts(1);
    expect(container.dataset.bars).toBe('20');

    rerender(<ChartCanvas {...props} timeframe="1Y" />);
    expect(charts).toHaveLength(2);
    expect(charts[0]!.destroyed).toBe(true);
    expect(container.dataset.timeframe).toBe('1Y');
    expect(idle.tasks).toHaveLength(0);
  });

  it('withdraws a first draw that has not run when it unmounts', () => {
    idle.hold = true;
    const { unmount } = render(<ChartCanvas {...props} />);
    unmount();
    expect(idle.tasks).toHaveLength(0);
    expect(charts).toHaveLength(0);
  });

  it('draws once and records what it drew on the container', async () => {
    const { unmount } = render(<ChartCanvas {...props} />);
    await drawnCharts(1);
    const container = screen.getByTestId('price-chart');
    expect(container.dataset).toMatchObject({ bars: '20', timeframe: '3M', mode: 'line' });
    expect(container.querySelector('canvas')).toBe(charts[0]!.canvas);
    expect(container).toHaveStyle({ height: '300px' });
    unmount();
    expect(charts[0]!.destroyed).toBe(true);
  });

  it('moves a keyboard crosshair and reads the bar out', async () => {
    render(<ChartCanvas {...props} currency="USD" />);
    await drawnCharts(1);
    const container = screen.getByRole('group', { name: /ACME price, 3M/ });
    container.focus();
    const chart = charts[0]!;
    await userEvent.keyboard('{End}');
    expect(chart.active).toEqual([{ datasetIndex: 0, index: 19 }]);
    const last = new Date(points[19]!.x);
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toContain(`${last.getFullYear()}-`);
    expect(live.textContent).toMatch(/Close [\d,.]+ USD, Volume [\d,]+$/);
    await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(chart.active).toEqual([{ datasetIndex: 0, index: 9 }]);
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(chart.active).toEqual([{ datasetIndex: 0, index: 0 }]);
    await userEvent.keyboard('{Escape}');
    expect(chart.active).toEqual([]);
    expect(live.textContent).toBe('');
    expect(chart.updates).toBeGreaterThan(3);
  });

  it('redraws with the new colours when the theme changes', async () => {
    render(<ChartCanvas {...props} />);
    await drawnCharts(1);
    act(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    await waitFor(() => expect(charts).toHaveLength(2));
    expect(charts[0]!.destroyed).toBe(true);
  });

  it('labels both series when comparing with an index', async () => {
    render(
      <ChartCanvas
        {...props}
        compareLabel="NASDAQ"
        comparePoints={syntheticDailyBars(20, new Date(2025, 2, 3), 5)}
      />,
    );
    expect(screen.getByText('NASDAQ')).toHaveClass('chart-legend-compare');
    await drawnCharts(1);
    expect(screen.getByTestId('price-chart').dataset.mode).toBe('compare');
    expect(charts[0]!.data.datasets).toHaveLength(4); // two lines, volume up and down
  });
});

// The page's side of the worker path: a browser with OffscreenCanvas hands the canvas to the chart
// worker, which is faked here (the real one runs in test/browser/chart.test.ts).
const workers: FakeWorker[] = [];
class FakeWorker {
  readonly posted: ToChart[] = [];
  onmessage: ((event: { data: FromChart }) => void) | null = null;
  terminated = false;
  constructor(readonly url: URL) {
    workers.push(this);
  }
  postMessage(message: ToChart) {
    // What is posted must survive the structured clone (no callbacks).
    this.posted.push(message.type === 'canvas' ? message : structuredClone(message));
  }
  reply(message: FromChart) {
    act(() => this.onmessage?.({ data: message }));
  }
  terminate() {
    this.terminated = true;
  }
}
const offscreen = { offscreen: true };
const observed: (() => void)[] = [];

describe('ChartCanvas (chart worker)', () => {
  beforeEach(() => {
    workers.length = 0;
    observed.length = 0;
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(readonly callback: () => void) {}
        observe() {
          observed.push(this.callback);
        }
        disconnect() {}
      },
    );
    HTMLCanvasElement.prototype.transferControlToOffscreen = vi.fn(
      () => offscreen as unknown as OffscreenCanvas,
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
  });

  it('hands the canvas to the worker and marks the container when the worker has drawn', () => {
    const { rerender, unmount } = render(<ChartCanvas {...props} />);
    const worker = workers[0]!;
    expect(workers).toHaveLength(1);
    expect(worker.url.pathname).toMatch(/chart-worker/);
    expect(worker.posted[0]).toEqual({ type: 'canvas', canvas: offscreen });
    const draw = worker.posted.find((m) => m.type === 'draw')!;
    expect(draw).toMatchObject({ id: 1, request: { label: 'ACME', mode: 'line' } });
    const container = screen.getByTestId('price-chart');
    expect(container.dataset.bars).toBeUndefined();

    const before = performance.getEntriesByName(CHART_RENDER_MEASURE).length;
    const start = performance.timeOrigin + performance.now();
    worker.reply({ type: 'drawn', id: 1, bars: 20, start, duration: 12 });
    expect(container.dataset).toMatchObject({ bars: '20', timeframe: '3M', mode: 'line' });
    const measures = performance.getEntriesByName(CHART_RENDER_MEASURE);
    expect(measures).toHaveLength(before + 1);
    expect(measures.at(-1)!.duration).toBeCloseTo(12);

    rerender(<ChartCanvas {...props} timeframe="1Y" />);
    expect(worker.posted.at(-1)).toMatchObject({ type: 'draw', id: 2 });
    // The first draw's answer arriving late does not describe the canvas.
    worker.reply({ type: 'drawn', id: 1, bars: 20, start, duration: 12 });
    expect(container.dataset.timeframe).toBeUndefined();
    worker.reply({ type: 'drawn', id: 2, bars: 250, start, duration: 12 });
    expect(container.dataset).toMatchObject({ bars: '250', timeframe: '1Y' });

    unmount();
    expect(worker.terminated).toBe(true);
  });

  it('forwards size changes, the pointer and the crosshair keys, and reads out the answer', () => {
    render(<ChartCanvas {...props} />);
    const worker = workers[0]!;
    worker.reply({ type: 'drawn', id: 1, bars: 20, start: performance.timeOrigin, duration: 1 });
    const container = screen.getByTestId('price-chart');

    act(() => observed[0]!());
    expect(worker.posted.at(-1)).toEqual({ type: 'resize', width: 0, height: 0 });
    // jsdom has no PointerEvent: a mouse event of the same type carries the position.
    fireEvent(
      container,
      new MouseEvent('pointermove', { bubbles: true, clientX: 40, clientY: 30 }),
    );
    expect(worker.posted.at(-1)).toEqual({ type: 'pointer', x: 40, y: 30 });
    fireEvent.pointerLeave(container);
    expect(worker.posted.at(-1)).toEqual({ type: 'pointer', x: null, y: null });

    fireEvent.keyDown(container, { key: 'ArrowLeft', shiftKey: true });
    expect(worker.posted.at(-1)).toEqual({ type: 'key', key: 'ArrowLeft', shift: true });
    const count = worker.posted.length;
    fireEvent.keyDown(container, { key: 'a' });
    expect(worker.posted).toHaveLength(count);
    worker.reply({ type: 'announce', text: '2025-03-20, Close 101.00 USD' });
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent(
      '2025-03-20, Close 101.00 USD',
    );
  });
});
