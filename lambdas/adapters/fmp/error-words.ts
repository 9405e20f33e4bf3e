/**
 * Reading FMP's error answers: what FMP said, and whether it says the key's plan refuses the call.
 * FMP words its refusals (checked against its answers quoted in public client code and issues):
 * - "Legacy Endpoint : Due to Legacy endpoints being no longer supported - This endpoint is only
 *   available for legacy users who have valid subscriptions prior August 31, 2025. …" (403)
 * - "Premium Query Parameter: 'Special Endpoint : This value set for 'symbol' is not available
 *   under your current subscription …" (402, a listing or parameter outside the plan)
 * - "Restricted Endpoint: This endpoint is not available under your current subscription …" (402)
 * - "Exclusive Endpoint : This endpoint is not available under your current subscription
 *   agreement, please visit our subscription page to upgrade your plan …"
 * Its exhausted quota ("Limit Reach . Please upgrade your plan …", usually a 429) also asks for an
 * upgrade, but is no refusal of the endpoint: it passes with the day, so it is never one here.
 */

/** Statuses FMP refuses a key's plan with (401 also an unknown key: either way, not transient). */
const PLAN_STATUSES: ReadonlySet<number> = new Set([401, 402, 403]);
const PLAN_WORDS =
  /legacy endpoint|premium|exclusive endpoint|special endpoint|restricted endpoint|not available under your current subscription|upgrade your plan/i;
const QUOTA_WORDS = /limit reach/i;
/** FMP's messages run to a few hundred characters; more is a page, not words. */
const MAX_WORDS = 400;

/** What FMP said in a body: the message of its JSON error object, else the text itself. */
export function fmpWords(body: string): string {
  let words = body;
  try {
    const json: unknown = JSON.parse(body);
    // An empty list or object says nothing.
    if (json !== null && typeof json === 'object' && Object.keys(json).length === 0) return '';
    if (json !== null && typeof json === 'object') {
      const said = ['Error Message', 'message', 'error']
        .map((field) => (json as Record<string, unknown>)[field])
        .find((value) => typeof value === 'string');
      if (typeof said === 'string') words = said;
    }
  } catch {
    // Plain text, or a body cut short: the text is what FMP said.
  }
  const flat = words.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_WORDS ? `${flat.slice(0, MAX_WORDS)}…` : flat;
}

/**
 * FMP's words when `body` (answered with `status`, when it was not a 2xx) is a refusal by the key's
 * plan: a 401/402/403, or words naming a legacy, premium, exclusive or restricted endpoint or the
 * subscription. Undefined for anything else, an exhausted quota included.
 */
export function planRefusalIn(body: string, status?: number): string | undefined {
  const words = fmpWords(body);
  if (QUOTA_WORDS.test(words)) return undefined;
  const byStatus = status !== undefined && PLAN_STATUSES.has(status);
  if (!byStatus && !PLAN_WORDS.test(words)) return undefined;
  return words || 'no reason given';
}
