import { formatDate } from '@core/format';
import type { EditorPermissionsView } from '@core/user-record';

/**
 * "Last changed by admin@… on 2025-03-04 at 05:06 UTC." — UTC like every date the product shows
 * (§9), so two admins in different places read the same time. Undefined when nobody has.
 */
export function describeLastChange(
  lastChange: EditorPermissionsView['lastChange'],
): string | undefined {
  if (!lastChange) return undefined;
  const at = new Date(lastChange.at);
  if (Number.isNaN(at.getTime())) return `Last changed by ${lastChange.by}.`;
  const time = at.toISOString().slice(11, 16);
  return `Last changed by ${lastChange.by} on ${formatDate(at)} at ${time} UTC.`;
}
