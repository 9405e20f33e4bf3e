import type { Construct } from 'constructs';
import * as z from 'zod';
import { ANALYTICS_ID_FORMAT, ANALYTICS_ID_PATTERN } from '../../core/analytics';

/** CDK context key: the GA4 measurement id (`-c analyticsId=G-ABC123DEF4`); optional. */
export const ANALYTICS_ID_CONTEXT = 'analyticsId';

const analyticsIdSchema = z.string().regex(ANALYTICS_ID_PATTERN);

/** The analytics id from the CDK context, if one was given; a malformed one fails synth. */
export function analyticsId(scope: Construct): string | undefined {
  const value: unknown = scope.node.tryGetContext(ANALYTICS_ID_CONTEXT);
  if (value === undefined || value === '') return undefined;
  const parsed = analyticsIdSchema.safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `Context ${ANALYTICS_ID_CONTEXT} must be ${ANALYTICS_ID_FORMAT}, got ${String(value)}`,
    );
  }
  return parsed.data;
}
