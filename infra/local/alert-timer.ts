import { runAlerts, type AlertRunDeps, type AlertRunResult } from '../../lambdas/alerts/run-alerts';

/** The local stand-in for the EventBridge rule: AWS runs the evaluator each minute. */
export const DEFAULT_ALERT_INTERVAL_MS = 60_000;

/**
 * Runs the same evaluation as the AWS handler on a timer. A run starts only after the previous
 * one ended (never two at once here, though the store would fire an alert once anyway); a failed
 * run is logged and the next one tries again.
 */
export function startAlertTimer(
  deps: AlertRunDeps,
  intervalMs: number,
  log: (line: string) => void,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<AlertRunResult | void> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runAlerts(deps)
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
