import type { IncomingMessage } from 'node:http';
import * as z from 'zod';
import type { VerdictRunResult } from '../../lambdas/alerts/run-verdict-alerts';
import { readDevJson, type DevAnswer } from './dev-identity';

/** The developer control's path (local mode only; AWS runs the evaluator each minute). */
export const DEV_VERDICT_ALERT_RUN_PATH = '/dev/verdict-alerts/run';

const runRequest = z.object({
  at: z.iso.datetime({ message: 'at must be an ISO 8601 instant' }).optional(),
});

/** One run of the verdict-change evaluator as of `at` (now when undefined). */
export type DevVerdictAlertRun = (at: number | undefined) => Promise<VerdictRunResult>;

/**
 * POST /dev/verdict-alerts/run {"at"?}: one run of the verdict-change evaluator over the stocks
 * marked since the last, now or with verdicts priced as of `at` (the simulated market is
 * deterministic), so a developer or a test sees a curation write's alerts without waiting for the
 * timer's minute.
 */
export async function handleDevVerdictAlertRun(
  req: IncomingMessage,
  run: DevVerdictAlertRun,
): Promise<DevAnswer> {
  const parsed = await readDevJson(req, runRequest, '{"at": "2026-11-30T15:00:00Z"}');
  if (!('data' in parsed)) return parsed;
  const at = parsed.data.at === undefined ? undefined : Date.parse(parsed.data.at);
  return { status: 200, body: await run(at) };
}
