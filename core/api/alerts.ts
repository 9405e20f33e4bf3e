import * as z from 'zod';
import { ALERT_ID, ALERT_PERCENT_MAX, ALERT_PRICE_MAX, NOTIFICATION_ID } from '../alerts';
import { symbolSchema } from './asset';

/** The input schemas of the alert and notification endpoints (core/api/subscription.ts uses them). */

const positivePrice = z
  .number('price must be a number')
  .positive('price must be above 0')
  .max(ALERT_PRICE_MAX, `price must be at most ${ALERT_PRICE_MAX}`);

export const alertConditionSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('above'), price: positivePrice }),
    z.strictObject({ kind: z.literal('below'), price: positivePrice }),
    z.strictObject({
      kind: z.literal('dayMove'),
      percent: z
        .number('percent must be a number')
        .positive('percent must be above 0')
        .max(ALERT_PERCENT_MAX, `percent must be at most ${ALERT_PERCENT_MAX}`),
      direction: z.enum(['up', 'down'], 'direction must be up or down'),
    }),
    z.strictObject({ kind: z.literal('yearHigh') }),
    z.strictObject({ kind: z.literal('yearLow') }),
  ],
  'condition.kind must be one of above, below, dayMove, yearHigh, yearLow',
);

export const createAlertBody = z.strictObject({
  symbol: symbolSchema,
  condition: alertConditionSchema,
});

/** An edit: the condition, and whether it is armed (re-arming a fired alert is `armed: true`). */
export const updateAlertBody = z.strictObject({
  condition: alertConditionSchema,
  armed: z.boolean('armed must be true or false'),
  version: z.number('version must be a number').int().positive('version must be positive'),
});

export const alertParams = z.object({ id: z.string().regex(ALERT_ID, 'id is not an alert id') });
export const notificationParams = z.object({
  id: z.string().regex(NOTIFICATION_ID, 'id is not a notification id'),
});
