import { useState } from 'react';
import type { PortfolioView } from '@core/portfolios';
import { QueryState } from '../../../components/QueryState';
import { usePortfolioSummary } from '../api/portfolios';
import type { ZakatChoices } from '../lib/zakat-choices';
import { AllocationSection } from './AllocationSection';
import { HoldingsTable } from './HoldingsTable';
import { PerformanceSection } from './PerformanceSection';
import { PurificationSection } from './PurificationSection';
import { SummaryTotals } from './SummaryTotals';
import { ZakatSection } from './ZakatSection';

/**
 * What the portfolio is worth and has earned, computed by the server from the transactions
 * (core/portfolio/summary.ts): totals, holdings, returns, allocation and compliance, purification
 * and, with the user's inputs, zakat.
 */
export function PortfolioSummaryView({ portfolio }: { readonly portfolio: PortfolioView }) {
  const [zakat, setZakat] = useState<ZakatChoices | undefined>(undefined);
  const summary = usePortfolioSummary(portfolio.id, zakat);
  return (
    <QueryState
      query={{ ...summary, data: summary.data?.summary }}
      what="portfolio summary"
      empty=""
      lines={6}
    >
      {(s) =>
        s.holdings.length === 0 ? (
          <p className="portfolio-note">
            Enter a buy to see the portfolio’s value, gains, returns and compliance.
          </p>
        ) : (
          <div className="portfolio-summary" aria-busy={summary.isFetching}>
            <SummaryTotals summary={s} />
            <HoldingsTable summary={s} />
            <PerformanceSection summary={s} />
            <AllocationSection summary={s} />
            <PurificationSection summary={s} name={portfolio.name} />
            <ZakatSection summary={s} name={portfolio.name} choices={zakat} onChoose={setZakat} />
          </div>
        )
      }
    </QueryState>
  );
}
