import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '@core/auth-errors';
import { stockInputSchema, type StockInput } from '@core/curation/stock';
import { findExchange } from '@core/market/exchanges';
import { QueryState } from '../../../components/QueryState';
import { ForbiddenError } from '../../../lib/graphql-client';
import { useCreateStock, useCurationStock } from '../api/stocks-api';
import { NEW_FIELDS, STOCK_LABELS } from '../lib/stock-form';
import { createReason } from '../lib/read-only';
import { useAuth } from '../../../lib/auth/auth-context';
import { StockDetail } from './StockDetail';
import { StockForm, useStockForm } from './StockForm';
import '../../../components/admin.css';
import './stocks.css';
import { AllowedLink } from '../../../components/AllowedLink';
import { inUserWords } from '../../../lib/user-words';

type Outcome = { readonly kind: 'done' | 'failed'; readonly text: string };

/**
 * The add form's start: nothing entered. The share count starts undefined, which its box shows
 * as empty (a NaN would be written into the box as the text "NaN"); the schema asks for it on Save.
 */
const EMPTY = {
  symbol: '',
  isin: '',
  exchangeShortName: '',
  companyName: '',
  currency: '',
  sector: '',
  industry: '',
  country: '',
  sharesOutstanding: undefined,
} as unknown as StockInput;

function Breadcrumb({ last }: { readonly last: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <AllowedLink to="/admin/settings">Settings</AllowedLink> /{' '}
      <AllowedLink to="/admin/settings/stocks">Stocks</AllowedLink> / {last}
    </nav>
  );
}

function OutcomeLine({ outcome }: { readonly outcome: Outcome | null }) {
  return (
    <div role="status" aria-live="polite">
      {outcome ? (
        <p className={outcome.kind === 'failed' ? 'admin-error' : undefined}>{outcome.text}</p>
      ) : null}
    </div>
  );
}

/** /admin/settings/stocks/add: a new stock; a taken symbol or ISIN is refused by the server. */
export function AddStockScreen() {
  const { state } = useAuth();
  // The server's rule (STOCKS create), told before any typing rather than on submit.
  const refused = createReason(state, 'STOCKS', 'stocks');
  if (refused) {
    return (
      <section className="admin curation" aria-labelledby="add-stock-title">
        <Breadcrumb last="Add" />
        <h1 id="add-stock-title">Add a stock</h1>
        <p className="notice" role="note">
          {refused}
        </p>
        <p>
          <AllowedLink to="/admin/settings/stocks" otherwise="nothing">
            Back to the stocks
          </AllowedLink>
        </p>
      </section>
    );
  }
  return <AddStockForm />;
}

function AddStockForm() {
  const navigate = useNavigate();
  const create = useCreateStock();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useStockForm(stockInputSchema, EMPTY);
  return (
    <section className="admin curation" aria-labelledby="add-stock-title">
      <Breadcrumb last="Add" />
      <h1 id="add-stock-title">Add a stock</h1>
      <StockForm
        form={form}
        fields={NEW_FIELDS}
        readOnly={false}
        pending={create.isPending}
        onExchange={(shortName, set) => {
          const exchange = findExchange(shortName);
          if (!exchange) return;
          set('currency', exchange.currency);
          set('country', exchange.country);
        }}
        onSave={(stock) => {
          setOutcome(null);
          create.mutate(stock, {
            onSuccess: (created) => {
              if (!created) return;
              // Saved: the leave guard lets the screen go to the new stock.
              form.reset(stock);
              void navigate(`/admin/settings/stocks/detail/${created.isin}`, {
                state: { notice: `${created.symbol} added. Its public page is live.` },
              });
            },
            onError: (error) =>
              setOutcome({
                kind: 'failed',
                text: `Not added: ${inUserWords(errorMessage(error), STOCK_LABELS) || 'Unknown error.'}`,
              }),
          });
        }}
      />
      <OutcomeLine outcome={outcome} />
    </section>
  );
}

/** /admin/settings/stocks/detail/:isin: edit, hide or unhide, delete with a typed confirmation. */
export function StockDetailScreen() {
  const { isin = '' } = useParams();
  const stock = useCurationStock(isin);
  const found = stock.data;
  return (
    <section className="admin curation" aria-labelledby="stock-title">
      <Breadcrumb last={found?.symbol ?? isin} />
      <h1 id="stock-title">{found ? `${found.symbol} — ${found.companyName}` : `Stock ${isin}`}</h1>
      {stock.error instanceof ForbiddenError && found === undefined ? (
        <p className="notice" role="alert">
          Your permission set does not allow reading the stock {isin}.
        </p>
      ) : (
        <QueryState query={stock} what="stock" empty={`No stock has the ISIN ${isin}.`}>
          {(loaded) => (
            <StockDetail
              key={loaded.isin}
              stock={loaded}
              reload={async () => (await stock.refetch()).data}
            />
          )}
        </QueryState>
      )}
    </section>
  );
}
