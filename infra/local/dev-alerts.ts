import type { IncomingMessage } from 'node:http';
import * as z from 'zod';
import type { AlertRunResult } from '../../lambdas/alerts/run-alerts';
import { readDevJson, type DevAnswer } from './dev-identity';

/** The developer control's path (local mode only; AWS has no such thing). */
export const DEV_ALERT_RUN_PATH = '/dev/alerts/run';

const runRequest = z.object({
  at: z.iso.datetime({ message: 'at must be an ISO 8601 instant' }).optional(),
});

/**
 * POST /dev/alerts/run {"at"?}: one evaluation run now, or priced as of `at` (the simulated market
 * is deterministic, so any instant has its prices). Like the local Stripe's test clock, it lets a
 * developer, or a browser test, see an alert fire while every exchange is closed (at night UTC or
 * at the weekend) instead of waiting for a session: the timer's runs keep pricing the real now.
 */
export async function handleDevAlertRun(
  req: IncomingMessage,
  run: (at: number | undefined) => Promise<AlertRunResult>,
): Promise<DevAnswer> {
  const parsed = await readDevJson(req, runRequest, '{"at": "2026-11-30T15:00:00Z"}');
  if (!('data' in parsed)) return parsed;
  const at = parsed.data.at === undefined ? undefined : Date.parse(parsed.data.at);
  return { status: 200, body: await run(at) };
}
