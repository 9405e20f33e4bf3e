import type { AlertEvaluator } from '../../lambdas/alerts/compose';
import type { AlertRunResult } from '../../lambdas/alerts/run-alerts';

/** The local stand-in for the EventBridge rule: AWS runs the evaluator each minute. */
export const DEFAULT_ALERT_INTERVAL_MS = 60_000;

/**
 * Runs the evaluator the AWS handler runs, on a timer. A run starts only after the previous
 * one ended (never two at once here, though the store would fire an alert once anyway); a failed
 * run is logged and the next one tries again.
 */
export function startAlertTimer(
  evaluate: AlertEvaluator,
  intervalMs: number,
  log: (line: string) => void,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<AlertRunResult | void> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = evaluate()
        .then((result) => {
          if (result.fired > 0) log(`Alerts: ${result.fired} fired of ${result.armed} armed.`);
          return result;
        })
        .catch((error: unknown) => log(`Alert evaluation failed: ${String(error)}`))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
