import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChartCanvas from './ChartCanvas';
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

describe('ChartCanvas', () => {
  // Issue 14: chart.js's first draw was a long task above the fold on '/', before the first paint.
  it('draws first when the browser is idle, in its reserved box, and redraws at once after', () => {
    idle.hold = true;
    const { rerender } = render(<ChartCanvas {...props} />);
    const container = screen.getByTestId('price-chart');
    expect(charts).toHaveLength(0);
    expect(container).toHaveStyle({ height: '300px' });
    expect(container.dataset.bars).toBeUndefined();

    act(() => idle.tasks.shift()?.());
    expect(charts).toHaveLength(1);
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

  it('draws once and records what it drew on the container', () => {
    const { unmount } = render(<ChartCanvas {...props} />);
    expect(charts).toHaveLength(1);
    const container = screen.getByTestId('price-chart');
    expect(container.dataset).toMatchObject({ bars: '20', timeframe: '3M', mode: 'line' });
    expect(container.querySelector('canvas')).toBe(charts[0]!.canvas);
    expect(container).toHaveStyle({ height: '300px' });
    unmount();
    expect(charts[0]!.destroyed).toBe(true);
  });

  it('moves a keyboard crosshair and reads the bar out', async () => {
    render(<ChartCanvas {...props} currency="USD" />);
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
    expect(charts).toHaveLength(1);
    act(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    await waitFor(() => expect(charts).toHaveLength(2));
    expect(charts[0]!.destroyed).toBe(true);
  });

  it('labels both series when comparing with an index', () => {
    render(
      <ChartCanvas
        {...props}
        compareLabel="NASDAQ"
        comparePoints={syntheticDailyBars(20, new Date(2025, 2, 3), 5)}
      />,
    );
    expect(screen.getByText('NASDAQ')).toHaveClass('chart-legend-compare');
    expect(screen.getByTestId('price-chart').dataset.mode).toBe('compare');
    expect(charts[0]!.data.datasets).toHaveLength(4); // two lines, volume up and down
  });
});
