import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { PortfolioView } from '@core/portfolios';
import { findMarketIndex } from '@core/market/indexes';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { subscriptionApi } from '../../../lib/apis/subscription';
import { callAsUser } from '../../../lib/auth/call-as-user';
import type { PortfolioChange } from '../api/portfolios';
import { PortfolioSettingsForm } from './PortfolioSettingsForm';
import { PortfolioSummaryView } from './PortfolioSummaryView';
import { TransactionsSection } from './TransactionsSection';

/**
 * One portfolio: its name, currency and benchmark (renamed or deleted here), its transactions
 * (entered, edited, exported) and its summary. A portfolio kept read-only after a downgrade shows
 * everything and changes nothing but its deletion.
 */
export function PortfolioPanel({
  portfolio,
  readOnlyText,
  change,
}: {
  readonly portfolio: PortfolioView;
  readonly readOnlyText: string;
  readonly change: UseMutationResult<unknown, Error, PortfolioChange>;
}) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const benchmark = findMarketIndex(portfolio.benchmark)?.name ?? portfolio.benchmark;
  return (
    <article className="portfolio" aria-labelledby={`portfolio-${portfolio.id}`}>
      <div className="portfolio-head">
        <h3 id={`portfolio-${portfolio.id}`}>{portfolio.name}</h3>
        <p className="muted">
          In {portfolio.currency}, compared with {benchmark}
          {portfolio.readOnly && ' · read-only'}
        </p>
        <div className="portfolio-actions">
          {!portfolio.readOnly && (
            <button type="button" className="button" onClick={() => setRenaming((r) => !r)}>
              Rename or change currency
            </button>
          )}
          <button type="button" className="button" onClick={() => setDeleting(true)}>
            Delete portfolio
          </button>
          <ExportCsvButton
            label="Export transactions as CSV"
            request={() =>
              callAsUser(subscriptionApi, 'exportPortfolio', { params: { id: portfolio.id } })
            }
          />
        </div>
      </div>
      {portfolio.readOnly && (
        <p className="portfolio-note" role="note">
          {readOnlyText}
        </p>
      )}
      {renaming && (
        <PortfolioSettingsForm
          initial={portfolio}
          submitLabel="Save portfolio"
          busy={change.isPending}
          onCancel={() => setRenaming(false)}
          onSubmit={(values) =>
            change.mutate(
              { kind: 'update', portfolio, ...values },
              { onSuccess: () => setRenaming(false) },
            )
          }
        />
      )}
      <ConfirmDialog
        open={deleting}
        title={`Delete ${portfolio.name}?`}
        confirmLabel="Delete portfolio"
        busy={change.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          change.mutate({ kind: 'delete', portfolio }, { onSettled: () => setDeleting(false) })
        }
      >
        <p>The portfolio and all its transactions are deleted. This cannot be undone.</p>
      </ConfirmDialog>
      <TransactionsSection portfolio={portfolio} />
      <PortfolioSummaryView portfolio={portfolio} />
    </article>
  );
}
