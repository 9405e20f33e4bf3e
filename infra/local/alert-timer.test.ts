import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertRunResult } from '../../lambdas/alerts/run-alerts';
import { startAlertTimer } from './alert-timer';

afterEach(() => {
  vi.useRealTimers();
});

describe('the local alert timer (EventBridge’s schedule)', () => {
  it('runs the evaluator each interval, never two runs at once, and logs what fired', async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    const evaluate = vi.fn(async (): Promise<AlertRunResult> => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // longer than the interval
      running -= 1;
      return { armed: 2, fired: 1 } as AlertRunResult;
    });
    const log = vi.fn();
    const timer = startAlertTimer(evaluate, 1_000, log);
    await vi.advanceTimersByTimeAsync(999);
    expect(evaluate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(evaluate).toHaveBeenCalledTimes(1);
    // The next run starts an interval after this one ended, not while it runs.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(evaluate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(evaluate).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
    expect(log).toHaveBeenCalledWith('Alerts: 1 fired of 2 armed.');
    const stopping = timer.stop();
    await vi.advanceTimersByTimeAsync(1_500);
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(evaluate).toHaveBeenCalledTimes(2);
  });

  it('logs a failed run and tries again at the next interval', async () => {
    vi.useFakeTimers();
    const evaluate = vi
      .fn<() => Promise<AlertRunResult>>()
      .mockRejectedValueOnce(new Error('DynamoDB down'))
      .mockResolvedValue({ armed: 0, fired: 0 } as AlertRunResult);
    const log = vi.fn();
    const timer = startAlertTimer(evaluate, 1_000, log);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(log).toHaveBeenCalledWith('Alert evaluation failed: Error: DynamoDB down');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(evaluate).toHaveBeenCalledTimes(2);
    await timer.stop();
  });
});
