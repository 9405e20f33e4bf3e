import type { IncomingMessage } from 'node:http';
import * as z from 'zod';
import type { AlertRunResult } from '../../lambdas/alerts/run-alerts';
import { readDevJson, type DevAnswer } from './dev-identity';

/** The developer control's path (local mode only; AWS has no such thing). */
export const DEV_ALERT_RUN_PATH = '/dev/alerts/run';

const runRequest = z.object({
  at: z.iso.datetime({ message: 'at must be an ISO 8601 instant' }).optional(),
  email: z.email('email must be an e-mail address').optional(),
});

/**
 * One evaluation run as of `at` (now when undefined); of one user's alerts when an e-mail names
 * them (undefined: no such user).
 */
export type DevAlertRun = (
  at: number | undefined,
  email?: string,
) => Promise<AlertRunResult | undefined>;

/**
 * POST /dev/alerts/run {"at"?, "email"?}: one evaluation run now, or priced as of `at` (the
 * simulated market is deterministic, so any instant has its prices). Like the local Stripe's test
 * clock, it lets a developer, or a test, see an alert fire while every exchange is closed (at night
 * UTC or at the weekend) instead of waiting for a session: the timer's runs keep pricing the real
 * now. With an e-mail only that user's alerts are evaluated, so a run as of another instant fires
 * nobody else's.
 */
export async function handleDevAlertRun(
  req: IncomingMessage,
  run: DevAlertRun,
): Promise<DevAnswer> {
  const parsed = await readDevJson(req, runRequest, '{"at": "2026-11-30T15:00:00Z"}');
  if (!('data' in parsed)) return parsed;
  const { email } = parsed.data;
  const at = parsed.data.at === undefined ? undefined : Date.parse(parsed.data.at);
  const result = email === undefined ? await run(at) : await run(at, email);
  return result
    ? { status: 200, body: result }
    : { status: 404, body: { message: 'No user has that e-mail address' } };
}
