import { changeDirection, formatPercent, formatSigned, type ChangeDirection } from '@core/format';
import './direction.css';

const ARROW: Readonly<Record<ChangeDirection, string>> = { up: '▲', down: '▼', flat: '■' };
const WORD: Readonly<Record<ChangeDirection, string>> = {
  up: 'Up',
  down: 'Down',
  flat: 'Unchanged',
};

/**
 * A price change, everywhere one is shown: '▲ +12.34 (+0.56%)', or '▲ +0.56%' without `change`.
 * The sign is in the text and a screen reader hears a word; arrow and colour only repeat them
 * (WCAG 1.4.1). The direction follows the absolute change when there is one, and is judged on
 * the two decimals shown (core changeDirection): 0.00 is never green or red.
 */
export function ChangeText({
  change,
  percent,
  className,
}: {
  change?: number | null | undefined;
  percent: number | null | undefined;
  className?: string;
}) {
  const direction = changeDirection(change === undefined ? percent : change);
  const signedPercent = formatPercent(percent, { signed: true });
  return (
    <span className={['change-text', direction, className].filter(Boolean).join(' ')}>
      <span aria-hidden="true">{ARROW[direction]}</span>{' '}
      <span className="visually-hidden">{WORD[direction]} </span>
      {change === undefined ? signedPercent : `${formatSigned(change)} (${signedPercent})`}
    </span>
  );
}
