import { afterEach, describe, expect, it, vi } from 'vitest';
import { configuredSink } from './configured-sink';
import type { Vital } from './report-vitals';

const inp: Vital = { name: 'INP', value: 96, delta: 96, rating: 'good', id: 'v5-1-INP' };
const cls: Vital = { name: 'CLS', value: 0.01, delta: 0.01, rating: 'good', id: 'v5-2-CLS' };

/** Lets the sink's promise chain run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.restoreAllMocks());

describe('configuredSink', () => {
  it('sends to Google Analytics when config.json names a property, choosing once', async () => {
    const ga = vi.fn();
    const analytics = vi.fn(async () => ga);
    const readConfig = vi.fn(async () => ({ analyticsId: 'G-TEST12345' }));
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const sink = configuredSink({ readConfig, analytics });
    expect(readConfig).not.toHaveBeenCalled();

    sink(inp);
    sink(cls);
    await settle();
    expect(analytics).toHaveBeenCalledExactlyOnceWith('G-TEST12345');
    expect(readConfig).toHaveBeenCalledTimes(1);
    expect(ga.mock.calls).toEqual([[inp], [cls]]);
    expect(info).not.toHaveBeenCalled();
  });

  it('logs to the console when no id is configured (locally, by default)', async () => {
    const analytics = vi.fn();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const sink = configuredSink({ readConfig: async () => ({}), analytics });
    sink(inp);
    await settle();
    expect(analytics).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith('[web-vitals] INP 96 ms (good)');
  });

  it('falls back to the console when config.json cannot be read', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sink = configuredSink({ readConfig: () => Promise.reject(new Error('offline')) });
    sink(cls);
    await settle();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith('[web-vitals] CLS 0.010 (good)');
  });
});
