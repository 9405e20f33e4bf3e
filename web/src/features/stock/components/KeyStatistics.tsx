import type { KeyMetricsTtm, RatiosTtm } from '@core/market/ratios';
import { notMeaningfulNote, type CompanyType } from '@core/market/company-type';
import { formatStat } from '@core/format';
import { STAT_GROUPS } from '../lib/key-statistics';

export function KeyStatistics({
  ratios,
  metrics,
  companyType = 'general',
}: {
  ratios: RatiosTtm;
  metrics: KeyMetricsTtm;
  /** From the profile: a bank's gross margin is "—" with the reason, not 100%. */
  companyType?: CompanyType;
}) {
  return (
    <div className="stat-groups">
      {STAT_GROUPS.map((group) => (
        <div key={group.title} className="stat-group">
          <h3>{group.title}</h3>
          <dl>
            {group.stats.map((stat) => {
              const note = stat.field ? notMeaningfulNote(companyType, stat.field) : null;
              return (
                <div key={stat.label}>
                  <dt>{stat.label}</dt>
                  <dd>
                    {note ? '—' : formatStat(stat.value(ratios, metrics), stat.format)}
                    {note && <small className="stat-note"> {note}</small>}
                  </dd>
                </div>
              );
            })}
          </dl>
        </div>
      ))}
    </div>
  );
}
