import { DIRECTION_ARROW, priceDirection, signedNumber, signedPercent } from './price-direction';

/**
 * A change with its sign in the text and its colour as a second cue: '▲ +12.34 (+0.56%)', or just
 * '▲ +0.56%' without `change`. The direction follows the absolute change when there is one.
 */
export function ChangeText({
  change,
  percent,
  className = '',
}: {
  change?: number;
  percent: number;
  className?: string;
}) {
  const direction = priceDirection(change ?? percent);
  return (
    <span className={`change-text ${direction} ${className}`.trim()}>
      <span aria-hidden="true">{DIRECTION_ARROW[direction]} </span>
      {change === undefined ? (
        signedPercent(percent)
      ) : (
        <>
          {signedNumber(change)} ({signedPercent(percent)})
        </>
      )}
    </span>
  );
}
