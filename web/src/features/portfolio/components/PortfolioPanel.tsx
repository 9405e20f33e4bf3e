import { useState } from 'react';
import { useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { PortfolioView } from '@core/portfolios';
import { findMarketIndex } from '@core/market/indexes';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { subscriptionApi } from '../../../lib/apis/subscription';
import { callAsUser } from '../../../lib/auth/call-as-user';
import { portfolioKeys, type PortfolioChange } from '../api/portfolios';
import { PortfolioImport } from './PortfolioImport';
import { PortfolioSettingsForm } from './PortfolioSettingsForm';
import { PortfolioSummaryView } from './PortfolioSummaryView';
import { TransactionsSection } from './TransactionsSection';

/**
 * One portfolio: its name, currency and benchmark (renamed or deleted here), its transactions
 * (entered, imported from a broker's CSV, edited, exported) and its summary. A portfolio kept read-only after a downgrade shows
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
  const [importing, setImporting] = useState(false);
  const queryClient = useQueryClient();
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
          {!portfolio.readOnly && (
            <button
              type="button"
              className="button"
              aria-expanded={importing}
              onClick={() => setImporting((open) => !open)}
            >
              Import transactions from a CSV
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
      {importing && !portfolio.readOnly && (
        // Stays open after an import, so its result ("12 added, 3 already there") stays in view;
        // the portfolio is read again, so its new version is the next import's.
        <PortfolioImport
          portfolioId={portfolio.id}
          version={portfolio.version}
          onImported={() => queryClient.invalidateQueries({ queryKey: portfolioKeys.all })}
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
