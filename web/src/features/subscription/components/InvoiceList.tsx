import { formatDate, formatMoney } from '@core/format';
import { creditAddedText, creditAppliedText, INVOICE_CREDIT_HEADER } from '@core/plan-change';
import type { InvoiceSummary } from '@core/subscription';
import { QueryState } from '../../../components/QueryState';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { useInvoices } from '../api/use-invoices';

export const NO_INVOICES_TEXT = 'No invoices yet.';

const statusText = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** What the invoice did with the credit balance: used some to pay itself, or added to it. */
function creditText({ creditApplied, creditAdded }: InvoiceSummary): string {
  if (creditApplied.amount > 0) {
    return creditAppliedText(formatMoney(creditApplied.amount, creditApplied.currency));
  }
  if (creditAdded.amount > 0) {
    return creditAddedText(formatMoney(creditAdded.amount, creditAdded.currency));
  }
  return '—';
}

const COLUMNS: readonly Column<InvoiceSummary>[] = [
  {
    key: 'date',
    header: 'Date',
    cell: (invoice) => formatDate(invoice.created),
    sortValue: (invoice) => invoice.created,
  },
  { key: 'number', header: 'Number', rowHeader: true, cell: (invoice) => invoice.number ?? '—' },
  {
    key: 'amount',
    header: 'Amount',
    numeric: true,
    cell: (invoice) => formatMoney(invoice.total.amount, invoice.total.currency),
  },
  { key: 'credit', header: INVOICE_CREDIT_HEADER, cell: creditText },
  {
    key: 'paid',
    header: 'Paid',
    numeric: true,
    cell: (invoice) => formatMoney(invoice.amountPaid.amount, invoice.amountPaid.currency),
  },
  { key: 'status', header: 'Status', cell: (invoice) => statusText(invoice.status) },
  {
    key: 'pdf',
    header: 'PDF',
    cell: (invoice) =>
      invoice.pdfUrl ? (
        // The provider's file, in a tab of its own.
        <a href={invoice.pdfUrl} target="_blank" rel="noopener noreferrer">
          PDF<span className="visually-hidden"> of invoice {invoice.number ?? invoice.id}</span>
        </a>
      ) : (
        '—'
      ),
  },
];

/**
 * The user's invoices, newest first: the total, the credit balance each used or added, what the
 * card paid, and the PDF at the provider.
 */
export function InvoiceList() {
  const invoices = useInvoices();
  return (
    <section className="invoices" aria-labelledby="invoices-title">
      <h3 id="invoices-title">Invoices</h3>
      <QueryState query={invoices} what="invoices" empty={NO_INVOICES_TEXT} lines={3}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">{NO_INVOICES_TEXT}</p>
          ) : (
            <DataTable
              columns={COLUMNS}
              rows={rows}
              rowKey={(invoice) => invoice.id}
              labelledBy="invoices-title"
            />
          )
        }
      </QueryState>
    </section>
  );
}
