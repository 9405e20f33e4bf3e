import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/**
 * Whether a cancelled transaction lost a race: a failed condition (someone wrote first) or a
 * concurrent transaction on the same items. Anything else (validation, throttling) is not a race
 * and must surface as the failure it is.
 */
export const lostRace = (error: unknown): boolean =>
  error instanceof TransactionCanceledException &&
  (error.CancellationReasons ?? []).some(
    (reason) => reason.Code === 'ConditionalCheckFailed' || reason.Code === 'TransactionConflict',
  );
