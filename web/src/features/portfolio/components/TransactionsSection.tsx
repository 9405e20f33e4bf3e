import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PortfolioView, StoredTransaction, TransactionEntry } from '@core/portfolios';
import { QueryState } from '../../../components/QueryState';
import { ScrollingTable } from '../../../components/ScrollingTable';
import '../../../components/data-table/data-table.css';
import { portfolioKeys, usePortfolioTransactions, useTransactionChange } from '../api/portfolios';
import { formValuesOf } from '../lib/transaction-form';
import { todayText } from '../lib/today';
import { ChangeError } from './ChangeError';
import { transactionCells, TYPE_LABELS } from '../lib/transaction-cells';
import { TransactionForm } from './TransactionForm';

/**
 * The form to enter a transaction, folded away once the portfolio has some; the user's opening
 * or closing it stands (it stays open to enter several).
 */
function AddTransaction({
  startOpen,
  currency,
  busy,
  onAdd,
}: {
  readonly startOpen: boolean;
  readonly currency: PortfolioView['currency'];
  readonly busy: boolean;
  readonly onAdd: (entry: TransactionEntry, reset: () => void) => void;
}) {
  const [open] = useState(startOpen);
  return (
    <details className="transaction-add" open={open}>
      <summary>Enter a transaction</summary>
      <TransactionForm
        initial={formValuesOf(undefined, todayText(), currency)}
        submitLabel="Add transaction"
        busy={busy}
        onSubmit={onAdd}
      />
    </details>
  );
}

/**
 * The portfolio's transactions in the order entered: a form to enter one, each row to edit or
 * delete. Every change is sent at the version read; a 409 says so and offers a reload.
 */
export function TransactionsSection({ portfolio }: { readonly portfolio: PortfolioView }) {
  const transactions = usePortfolioTransactions(portfolio.id);
  const change = useTransactionChange(portfolio.id);
  const client = useQueryClient();
  const [editing, setEditing] = useState<StoredTransaction | undefined>(undefined);
  const reload = () => {
    change.reset();
    void client.invalidateQueries({ queryKey: portfolioKeys.all });
  };
  const editable = !portfolio.readOnly;

  return (
    <section className="portfolio-part" aria-labelledby={`${portfolio.id}-transactions`}>
      <h4 id={`${portfolio.id}-transactions`}>Transactions</h4>
      <QueryState query={transactions} what="transactions" empty="" lines={3}>
        {({ portfolio: read, transactions: list }) => {
          const version = read.version;
          return (
            <>
              {editable && !editing && (
                <AddTransaction
                  startOpen={list.length === 0}
                  currency={portfolio.currency}
                  busy={change.isPending}
                  onAdd={(entry, reset) =>
                    change.mutate({ kind: 'add', version, entry }, { onSuccess: reset })
                  }
                />
              )}
              {editing && (
                <div className="transaction-edit">
                  <h5>
                    Edit the {TYPE_LABELS[editing.type].toLowerCase()} of {editing.date}
                  </h5>
                  <TransactionForm
                    initial={formValuesOf(editing, todayText(), portfolio.currency)}
                    submitLabel="Save transaction"
                    busy={change.isPending}
                    onCancel={() => setEditing(undefined)}
                    onSubmit={(entry) =>
                      change.mutate(
                        { kind: 'update', version, txId: editing.id, entry },
                        { onSuccess: () => setEditing(undefined) },
                      )
                    }
                  />
                </div>
              )}
              <ChangeError error={change.error} onReload={reload} />
              {list.length === 0 ? (
                <p className="portfolio-note">No transactions yet.</p>
              ) : (
                <ScrollingTable label="Transactions table" className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Type</th>
                      <th scope="col">Symbol</th>
                      <th scope="col">Shares</th>
                      <th scope="col">Price</th>
                      <th scope="col">Fees</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Tax withheld</th>
                      <th scope="col">Split ratio</th>
                      <th scope="col">Currency</th>
                      {editable && <th scope="col">Actions</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((t) => {
                      const c = transactionCells(t);
                      return (
                        <tr key={t.id}>
                          <th scope="row">{t.date}</th>
                          <td>{TYPE_LABELS[t.type]}</td>
                          <td>{c.symbol}</td>
                          <td className="num">{c.quantity}</td>
                          <td className="num">{c.price}</td>
                          <td className="num">{c.fees}</td>
                          <td className="num">{c.amount}</td>
                          <td className="num">{c.tax}</td>
                          <td className="num">{c.ratio}</td>
                          <td>{c.currency}</td>
                          {editable && (
                            <td>
                              <div className="row-actions">
                                <button
                                  type="button"
                                  className="button"
                                  aria-label={`Edit the ${TYPE_LABELS[t.type].toLowerCase()} of ${t.date}`}
                                  onClick={() => setEditing(t)}
                                >
                                  Edit
                                </button>
                                <button
                                  type="button"
                                  className="button"
                                  aria-label={`Delete the ${TYPE_LABELS[t.type].toLowerCase()} of ${t.date}`}
                                  disabled={change.isPending}
                                  onClick={() =>
                                    change.mutate({ kind: 'delete', version, txId: t.id })
                                  }
                                >
                                  Delete
                                </button>
                              </div>
                            </td>
                          )}
                        </tr>
                      );
                    })}
                  </tbody>
                </ScrollingTable>
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
