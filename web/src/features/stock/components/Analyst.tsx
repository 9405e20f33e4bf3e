import { formatDate, formatPrice } from '@core/format';
import type { AnalystData } from '@core/market/types';
import { GradeHistory } from './GradeHistory';
import { PriceTargetScale } from './PriceTargetScale';
import { RatingDistribution } from './RatingDistribution';

/** Consensus and rating spread, price targets against the price, and the grade history. */
export function Analyst({ analyst, price }: { analyst: AnalystData; price: number | undefined }) {
  return (
    <div className="analyst">
      {analyst.asOf && (
        // Targets are set against the price of their day; today's price may have moved since.
        <p className="analyst-as-of">
          As of {formatDate(analyst.asOf)}
          {analyst.priceAsOf !== undefined &&
            `, when the price was ${formatPrice(analyst.priceAsOf)} ${analyst.priceTarget.currency}`}
        </p>
      )}
      <RatingDistribution analyst={analyst} />
      <PriceTargetScale target={analyst.priceTarget} price={price} />
      <GradeHistory grades={analyst.grades} />
    </div>
  );
}
