import { formatPercent, formatPrice } from '@core/format';
import { upsideOf } from '@core/market/analyst-direction';
import type { AnalystData } from '@core/market/types';

/** Where a value sits on the scale, as a percentage of its width. */
const position = (value: number, low: number, high: number) =>
  high === low ? 50 : Math.min(100, Math.max(0, ((value - low) / (high - low)) * 100));

/**
 * The analysts' low–high target band with the median and consensus marked, against the current
 * price, on one horizontal scale; the figures are also listed as text.
 */
export function PriceTargetScale({
  target,
  price,
}: {
  target: AnalystData['priceTarget'];
  price: number | undefined;
}) {
  const { low, high, median, consensus, currency } = target;
  // The scale spans the targets and the price, with a little room so end marks stay visible.
  const min = Math.min(low, price ?? low);
  const max = Math.max(high, price ?? high);
  const pad = (max - min) * 0.05;
  const at = (value: number) => `${position(value, min - pad, max + pad)}%`;
  const upside = price === undefined ? undefined : (upsideOf(consensus, price) ?? undefined);
  const summary =
    `Price targets from ${formatPrice(low)} to ${formatPrice(high)} ${currency}, ` +
    `median ${formatPrice(median)}, consensus ${formatPrice(consensus)}` +
    (price !== undefined ? `; current price ${formatPrice(price)}` : '');

  return (
    <div className="price-target">
      <h3>Price target ({currency})</h3>
      <div className="target-scale" role="img" aria-label={summary}>
        <span
          className="target-band"
          style={{ left: at(low), right: `calc(100% - ${at(high)})` }}
        />
        <span className="target-mark median" style={{ left: at(median) }} />
        <span className="target-mark consensus" style={{ left: at(consensus) }} />
        {price !== undefined && <span className="target-mark price" style={{ left: at(price) }} />}
      </div>
      <dl className="target-facts">
        <div>
          <dt>
            <span className="swatch band" aria-hidden="true" /> Low
          </dt>
          <dd>{formatPrice(low)}</dd>
        </div>
        <div>
          <dt>
            <span className="swatch median" aria-hidden="true" /> Median
          </dt>
          <dd>{formatPrice(median)}</dd>
        </div>
        <div>
          <dt>
            <span className="swatch consensus" aria-hidden="true" /> Consensus
          </dt>
          <dd>{formatPrice(consensus)}</dd>
        </div>
        <div>
          <dt>
            <span className="swatch band" aria-hidden="true" /> High
          </dt>
          <dd>{formatPrice(high)}</dd>
        </div>
        {price !== undefined && (
          <div>
            <dt>
              <span className="swatch price" aria-hidden="true" /> Current price
            </dt>
            <dd>{formatPrice(price)}</dd>
          </div>
        )}
        {upside !== undefined && (
          <div>
            <dt>To consensus</dt>
            <dd>{formatPercent(upside, { ratio: true, signed: true })}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
