import { useState } from 'react';
import { limitReachedText } from '@core/subscription';
import { readOnlyPortfolioText } from '@core/portfolios';
import { QueryState } from '../../../components/QueryState';
import { usePortfolioChange, usePortfolios } from '../api/portfolios';
import { PortfolioPanel } from './PortfolioPanel';
import { PortfolioSettingsForm } from './PortfolioSettingsForm';
import './portfolio.css';

/**
 * The dashboard's portfolios: create one within the plan's limit, pick one, and see and change
 * it. Every change goes to the server (which enforces the limits and answers a stale change with
 * 409); its message is shown as it is, and what is stored is read again either way.
 */
export function PortfoliosSection() {
  const portfolios = usePortfolios();
  const change = usePortfolioChange();
  const [picked, setPicked] = useState<string | undefined>(undefined);

  return (
    <section className="portfolios" aria-labelledby="dashboard-portfolios">
      <h2 id="dashboard-portfolios">Portfolios</h2>
      <QueryState query={portfolios} what="portfolios" empty="" lines={3}>
        {({ portfolios: list, limits }) => {
          const full = list.length >= limits.portfolios;
          const shown = list.find((p) => p.id === picked) ?? list[0];
          return (
            <>
              {full ? (
                <p className="portfolio-note" role="note">
                  {limitReachedText('portfolios', limits.portfolios, limits.tier)}
                </p>
              ) : (
                <details className="portfolio-create">
                  <summary>New portfolio</summary>
                  <PortfolioSettingsForm
                    submitLabel="Create portfolio"
                    busy={change.isPending}
                    onSubmit={(values) => change.mutate({ kind: 'create', ...values })}
                  />
                </details>
              )}
              <p className="portfolio-note">
                Each portfolio holds up to {limits.holdingsPerPortfolio} stocks on your plan.
              </p>
              {change.isError && (
                <p role="alert" className="portfolio-error">
                  {change.error.message}
                </p>
              )}
              {list.length === 0 && (
                <p className="portfolio-note">
                  You have no portfolio yet. Create one, then enter your buys, sales and dividends.
                </p>
              )}
              {list.length > 1 && (
                <label className="portfolio-pick">
                  Portfolio{' '}
                  <select value={shown?.id} onChange={(e) => setPicked(e.target.value)}>
                    {list.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.readOnly ? `${p.name} (read-only)` : p.name}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {shown && (
                <PortfolioPanel
                  key={shown.id}
                  portfolio={shown}
                  readOnlyText={readOnlyPortfolioText(limits.portfolios)}
                  change={change}
                />
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
