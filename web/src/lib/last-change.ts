import { formatDateTime } from '@core/format';
import type { EditorPermissionsView } from '@core/user-record';

type Change = NonNullable<EditorPermissionsView['lastChange']>;

/**
 * "by admin@… on 2025-03-04 at 05:06 UTC": the moment as every moment the product shows
 * (formatDateTime), in the reader's time zone and naming it, so two admins in different places
 * each read it right.
 */
export function describeChange({ by, at }: Change): string {
  const moment = describeMoment(at);
  return moment ? `by ${by} ${moment}` : `by ${by}`;
}

/** "on 2025-03-04 at 05:06 UTC"; empty for a time that cannot be read. */
export function describeMoment(at: string): string {
  const when = new Date(at);
  if (Number.isNaN(when.getTime())) return '';
  return `on ${formatDateTime(when)}`;
}

/** "Last changed by admin@… on 2025-03-04 at 05:06 UTC." Undefined when nobody has. */
export function describeLastChange(
  lastChange: EditorPermissionsView['lastChange'],
): string | undefined {
  return lastChange ? `Last changed ${describeChange(lastChange)}.` : undefined;
}
