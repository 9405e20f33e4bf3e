import type { AnalystData } from '@core/market/types';
import { GradeHistory } from './GradeHistory';
import { PriceTargetScale } from './PriceTargetScale';
import { RatingDistribution } from './RatingDistribution';

/** Consensus and rating spread, price targets against the price, and the grade history. */
export function Analyst({ analyst, price }: { analyst: AnalystData; price: number | undefined }) {
  return (
    <div className="analyst">
      <RatingDistribution analyst={analyst} />
      <PriceTargetScale target={analyst.priceTarget} price={price} />
      <GradeHistory grades={analyst.grades} />
    </div>
  );
}
