import { formatDate } from '@core/format';
import type { EditorPermissionsView } from '@core/user-record';

type Change = NonNullable<EditorPermissionsView['lastChange']>;

/**
 * "by admin@… on 2025-03-04 at 05:06 UTC" — UTC like every date the product shows (§9), so two
 * admins in different places read the same time.
 */
export function describeChange({ by, at }: Change): string {
  const moment = describeMoment(at);
  return moment ? `by ${by} ${moment}` : `by ${by}`;
}

/** "on 2025-03-04 at 05:06 UTC"; empty for a time that cannot be read. */
export function describeMoment(at: string): string {
  const when = new Date(at);
  if (Number.isNaN(when.getTime())) return '';
  return `on ${formatDate(when)} at ${when.toISOString().slice(11, 16)} UTC`;
}

/** "Last changed by admin@… on 2025-03-04 at 05:06 UTC." Undefined when nobody has. */
export function describeLastChange(
  lastChange: EditorPermissionsView['lastChange'],
): string | undefined {
  return lastChange ? `Last changed ${describeChange(lastChange)}.` : undefined;
}
