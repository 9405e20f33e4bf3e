import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstPaintWhenIdle,
  consoleSink,
  IDLE_TIMEOUT_MS,
  reportVitals,
  type Vital,
  type VitalsSource,
} from './report-vitals';

const vital = (name: Vital['name'], value: number): Vital => ({
  name,
  value,
  delta: value,
  rating: 'good',
  id: `v1-${name}`,
});

/** web-vitals' shape: each on… keeps its callback; `emit` plays a metric being reported. */
function fakeSource() {
  const callbacks = new Map<string, (v: Vital) => void>();
  const source: VitalsSource = {
    onLCP: (report) => void callbacks.set('LCP', report),
    onINP: (report) => void callbacks.set('INP', report),
    onCLS: (report) => void callbacks.set('CLS', report),
  };
  return { source, emit: (v: Vital) => callbacks.get(v.name)?.(v) };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('reportVitals', () => {
  it('loads web-vitals only once idle, then sends LCP, INP and CLS to the sink', async () => {
    const { source, emit } = fakeSource();
    const load = vi.fn(async () => source);
    const sink = vi.fn();
    let start: (() => void) | undefined;
    const reporting = reportVitals({ load, sink, whenIdle: (s) => (start = s) });
    expect(load).not.toHaveBeenCalled();

    start!();
    await reporting;
    expect(load).toHaveBeenCalledTimes(1);
    for (const v of [vital('LCP', 1200), vital('INP', 80), vital('CLS', 0.01)]) emit(v);
    expect(sink.mock.calls.map(([v]) => (v as Vital).name)).toEqual(['LCP', 'INP', 'CLS']);
    expect(sink).toHaveBeenCalledWith(vital('INP', 80));
  });

  it('logs a failed load and never throws into the page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = new Error('chunk failed');
    await expect(
      reportVitals({ load: () => Promise.reject(failure), sink: vi.fn(), whenIdle: (s) => s() }),
    ).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Web vitals could not be loaded', failure);
  });
});

describe('afterFirstPaintWhenIdle', () => {
  it('waits for a painted frame, then for an idle moment (bounded)', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    const start = vi.fn();

    afterFirstPaintWhenIdle(start);
    vi.runAllTimers();
    expect(idle).not.toHaveBeenCalled();
    frames[0]!(0);
    vi.runAllTimers();
    expect(idle).toHaveBeenCalledWith(start, { timeout: IDLE_TIMEOUT_MS });
    expect(start).not.toHaveBeenCalled();
  });

  it('starts after the frame where the browser has no idle callback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => cb(0));
    vi.stubGlobal('requestIdleCallback', undefined);
    const start = vi.fn();
    afterFirstPaintWhenIdle(start);
    vi.runAllTimers();
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('consoleSink', () => {
  it('prints one line per metric, CLS unitless', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    consoleSink(vital('LCP', 1234.4));
    consoleSink({ ...vital('CLS', 0.1234), rating: 'needs-improvement' });
    expect(info.mock.calls).toEqual([
      ['[web-vitals] LCP 1234 ms (good)'],
      ['[web-vitals] CLS 0.123 (needs-improvement)'],
    ]);
  });
});
