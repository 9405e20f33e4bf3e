import { useId, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage } from '@core/auth-errors';
import {
  stockInputSchema,
  stockProfileSchema,
  type CuratedStock,
  type StockInput,
  type StockProfileInput,
} from '@core/curation/stock';
import { findExchange } from '@core/market/exchanges';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryState } from '../../../components/QueryState';
import { useAuth } from '../../../lib/auth/auth-context';
import { ConflictError, ForbiddenError } from '../../../lib/graphql-client';
import { describeChange } from '../../../lib/last-change';
import { curationReason } from '../lib/read-only';
import {
  useCreateStock,
  useCurationStock,
  useDeleteStock,
  useSetStockHidden,
  useUpdateStock,
} from '../api/stocks-api';
import { StockForm, type StockFieldSpec } from './StockForm';
import '../../../components/admin.css';
import './stocks.css';

const PROFILE_FIELDS: readonly StockFieldSpec<StockProfileInput>[] = [
  { name: 'companyName', label: 'Company name' },
  { name: 'currency', label: 'Currency', hint: 'ISO 4217, e.g. USD' },
  { name: 'sector', label: 'Sector' },
  { name: 'industry', label: 'Industry' },
  { name: 'country', label: 'Country', hint: 'ISO 3166 alpha-2, e.g. US' },
  { name: 'sharesOutstanding', label: 'Shares outstanding', kind: 'number' },
];
const NEW_FIELDS: readonly StockFieldSpec<StockInput>[] = [
  { name: 'symbol', label: 'Symbol', hint: 'As the exchange lists it, e.g. AAPL or SAP.DE' },
  { name: 'exchangeShortName', label: 'Exchange', kind: 'exchange' },
  { name: 'isin', label: 'ISIN', hint: '12 characters; the check digit is verified' },
  ...(PROFILE_FIELDS as unknown as readonly StockFieldSpec<StockInput>[]),
];

type Outcome = { readonly kind: 'done' | 'failed'; readonly text: string };

function Breadcrumb({ last }: { readonly last: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <Link to="/admin/settings">Settings</Link> / <Link to="/admin/settings/stocks">Stocks</Link> /{' '}
      {last}
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
  const navigate = useNavigate();
  const create = useCreateStock();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const empty = {
    symbol: '',
    isin: '',
    exchangeShortName: '',
    companyName: '',
    currency: '',
    sector: '',
    industry: '',
    country: '',
    sharesOutstanding: Number.NaN,
  } as unknown as StockInput;
  return (
    <section className="admin curation" aria-labelledby="add-stock-title">
      <Breadcrumb last="Add" />
      <h1 id="add-stock-title">Add a stock</h1>
      <StockForm
        schema={stockInputSchema}
        fields={NEW_FIELDS}
        defaults={empty}
        readOnly={false}
        pending={create.isPending}
        onExchange={(shortName, set) => {
          const exchange = findExchange(shortName);
          if (!exchange) return;
          set('currency', exchange.currency);
          set('country', exchange.country);
        }}
        onSave={(stock, reset) => {
          setOutcome(null);
          create.mutate(stock, {
            onSuccess: (created) => {
              if (!created) return;
              reset(stock);
              void navigate(`/admin/settings/stocks/detail/${created.isin}`, {
                state: { notice: `${created.symbol} added. Its public page is live.` },
              });
            },
            onError: (error) =>
              setOutcome({
                kind: 'failed',
                text: `Not added: ${errorMessage(error) || 'Unknown error.'}`,
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
          {(loaded) => <StockDetail key={loaded.isin} stock={loaded} />}
        </QueryState>
      )}
    </section>
  );
}

function StockDetail({ stock }: { readonly stock: CuratedStock }) {
  const { state } = useAuth();
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [outcome, setOutcome] = useState<Outcome | null>(
    notice ? { kind: 'done', text: notice } : null,
  );
  const [deleting, setDeleting] = useState(false);
  const [typed, setTyped] = useState('');
  const confirmId = useId();
  const update = useUpdateStock(stock.isin);
  const hide = useSetStockHidden(stock.isin);
  const remove = useDeleteStock(stock);
  const reason = curationReason(state, 'STOCKS', 'update', stock.isin, 'stocks');
  const canDelete = curationReason(state, 'STOCKS', 'delete', stock.isin, 'stocks') === undefined;
  const fail = (error: unknown, what: string) =>
    setOutcome({
      kind: 'failed',
      text:
        error instanceof ConflictError
          ? `${error.message} (Reload the page to see the latest version.)`
          : `${what} ${errorMessage(error) || 'Unknown error.'}`,
    });
  const { isin, symbol, version } = stock;
  return (
    <>
      <dl className="admin-keys">
        <dt>ISIN</dt>
        <dd>{isin}</dd>
        <dt>Exchange</dt>
        <dd>{stock.exchangeShortName}</dd>
        <dt>Public</dt>
        <dd>{stock.hidden ? 'Hidden from the public list and search' : 'Listed'}</dd>
      </dl>
      <p className="muted">
        Version {version}
        {stock.updatedBy
          ? ` · last changed ${describeChange({ by: stock.updatedBy, at: stock.updatedAt ?? '' })}`
          : ' · as ingested, never curated'}
      </p>
      <p>
        <Link to={`/stocks/${encodeURIComponent(symbol)}`}>Public page</Link> ·{' '}
        <Link to={`/admin/settings/sheets/${isin}?symbol=${encodeURIComponent(symbol)}`}>
          Sheets
        </Link>{' '}
        ·{' '}
        <Link to={`/admin/settings/description?symbol=${encodeURIComponent(symbol)}`}>
          Description
        </Link>
      </p>
      {reason ? (
        <p className="notice" role="note">
          Read-only: {reason}
        </p>
      ) : null}
      <h2>Profile</h2>
      <StockForm
        schema={stockProfileSchema}
        fields={PROFILE_FIELDS}
        defaults={{
          companyName: stock.companyName,
          currency: stock.currency,
          sector: stock.sector,
          industry: stock.industry,
          country: stock.country,
          sharesOutstanding: stock.sharesOutstanding,
        }}
        readOnly={reason !== undefined}
        pending={update.isPending}
        onSave={(profile, reset) => {
          setOutcome(null);
          update.mutate(
            { profile, version },
            {
              onSuccess: (saved) => {
                reset(profile);
                if (saved) setOutcome({ kind: 'done', text: `Saved as version ${saved.version}.` });
              },
              onError: (error) => fail(error, 'Not saved:'),
            },
          );
        }}
      />
      {reason === undefined ? (
        <p>
          <button
            type="button"
            className="button"
            disabled={hide.isPending}
            onClick={() =>
              hide.mutate(
                { hidden: !stock.hidden, version },
                {
                  onSuccess: (saved) =>
                    saved &&
                    setOutcome({
                      kind: 'done',
                      text: saved.hidden
                        ? `${symbol} is hidden from the public list and search; its page stays reachable.`
                        : `${symbol} is listed again.`,
                    }),
                  onError: (error) => fail(error, 'Not changed:'),
                },
              )
            }
          >
            {stock.hidden ? 'Show in public search' : 'Hide from public search'}
          </button>
        </p>
      ) : null}
      {canDelete ? (
        <p>
          <button type="button" className="button danger" onClick={() => setDeleting(true)}>
            Delete the stock
          </button>
        </p>
      ) : null}
      <OutcomeLine outcome={outcome} />
      <ConfirmDialog
        open={deleting}
        title={`Delete ${symbol}?`}
        confirmLabel="Delete the stock and its data"
        busy={remove.isPending}
        busyLabel="Deleting…"
        onConfirm={() => {
          remove.mutate(
            { confirm: typed },
            {
              onSuccess: () => void navigate('/admin/settings/stocks'),
              onError: (error) => {
                setDeleting(false);
                fail(error, 'Not deleted:');
              },
            },
          );
        }}
        onCancel={() => setDeleting(false)}
      >
        <p>
          The stock, its sheets, analyst and Shariah data and its history are removed, and its
          public page is gone. This cannot be undone.
        </p>
        <label htmlFor={confirmId}>Type {symbol} to confirm</label>
        <input id={confirmId} value={typed} onChange={(e) => setTyped(e.target.value)} />
      </ConfirmDialog>
    </>
  );
}
