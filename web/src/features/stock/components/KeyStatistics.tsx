import type { KeyMetricsTtm, RatiosTtm } from '@core/market/ratios';
import { formatStat } from '@core/format';
import { STAT_GROUPS } from '../lib/key-statistics';

export function KeyStatistics({ ratios, metrics }: { ratios: RatiosTtm; metrics: KeyMetricsTtm }) {
  return (
    <div className="stat-groups">
      {STAT_GROUPS.map((group) => (
        <div key={group.title} className="stat-group">
          <h3>{group.title}</h3>
          <dl>
            {group.stats.map((stat) => (
              <div key={stat.label}>
                <dt>{stat.label}</dt>
                <dd>{formatStat(stat.value(ratios, metrics), stat.format)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}
