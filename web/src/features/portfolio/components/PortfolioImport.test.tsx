import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRADING212_PRESET } from '@core/portfolio/csv-import';
import {
  PORTFOLIO_IMPORT_MAX_BYTES,
  type PortfolioImportAnswer,
  type PortfolioImportPreview,
} from '@core/portfolio/import-plan';
import type { PortfolioView } from '@core/portfolios';
import type { UploadTicket } from '@core/user-files';
import * as amplify from '../../../testing/amplify-mock';
import { stubApis, storeSession } from '../../../testing/render-app';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { resetIdentityForTests } from '../../../lib/auth/identity';
import { PortfolioImport } from './PortfolioImport';

const PORTFOLIO_ID = 'pf_0123456789abcdef01234567';
const TICKET: UploadTicket = {
  uploadId: '6f1c0c6e-4a5b-4c3d-8e9f-0a1b2c3d4e5f',
  url: 'http://127.0.0.1:4569/user-files',
  fields: { key: 'users/sub-1/imports/6f1c0c6e-4a5b-4c3d-8e9f-0a1b2c3d4e5f.csv' },
  maxBytes: PORTFOLIO_IMPORT_MAX_BYTES,
  contentType: 'text/csv',
  expiresAt: '2100-01-01T00:00:00Z',
};
const T212 = [
  'Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency (Price / share),Exchange rate,Result,Currency (Result),Total,Currency (Total),Withholding tax,Currency (Withholding tax),Notes,ID',
  'Deposit,2024-01-02 09:00:00,,,,,,,,,,5000.00,USD,,,,d1',
  'Market buy,2024-01-03 14:30:05,US0378331005,AAPL,Apple,10,100.00,USD,1,,,1000.00,USD,,,,b1',
  'Interest on cash,2024-03-31 00:00:00,,,,,,,,,,1.02,USD,,,,i1',
].join('\n');
const PREVIEW: PortfolioImportPreview = {
  rowCount: 3,
  rows: [
    {
      row: 2,
      transaction: { type: 'deposit', date: '2024-01-02', amount: 5000, currency: 'USD' },
      alreadyThere: false,
    },
    {
      row: 3,
      transaction: {
        type: 'buy',
        date: '2024-01-03',
        symbol: 'AAPL',
        quantity: 10,
        price: 100,
        fees: 0,
        currency: 'USD',
      },
      alreadyThere: true,
    },
  ],
  errors: [
    {
      row: 4,
      column: 'Action',
      message: '“Interest on cash” is not a kind of transaction a portfolio keeps.',
    },
  ],
  rowsWithErrors: 1,
  fresh: 1,
  alreadyThere: 1,
};
const ANSWER: PortfolioImportAnswer = {
  portfolio: { id: PORTFOLIO_ID, version: 3 } as PortfolioView,
  added: 1,
  alreadyThere: 1,
  leftOut: 1,
};

/** The bucket as the browser meets it: each posted form is kept, S3's 204 answered. */
const posted: string[] = [];
class FakeUpload {
  upload: { onprogress?: () => void } = {};
  status = 0;
  onload?: () => void;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  send() {
    posted.push(this.url);
    this.status = 204;
    setTimeout(() => this.onload?.(), 0);
  }
}

const serve = () =>
  stubApis({
    extra: {
      '/api/subscription/portfolio-uploads': () => jsonResponse(TICKET),
      [`/api/subscription/portfolios/${PORTFOLIO_ID}/import/preview`]: () => jsonResponse(PREVIEW),
      [`/api/subscription/portfolios/${PORTFOLIO_ID}/import`]: () => jsonResponse(ANSWER),
    },
  });
const bodyOf = (requests: ReturnType<typeof serve>, suffix: string) =>
  requests
    .filter((r) => r.url.endsWith(suffix))
    .map((r) => JSON.parse(String(r.init!.body)) as unknown);
const csv = (text: string, name = 'history.csv') => new File([text], name, { type: 'text/csv' });

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: 'csv@example.com' });
  resetIdentityForTests();
  storeSession(true);
  posted.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});

afterEach(() => vi.restoreAllMocks());

describe('PortfolioImport', () => {
  it('prefills the mapping from a broker’s header, previews the rows with their errors, and imports what the user chose', async () => {
    const requests = serve();
    const onImported = vi.fn();
    renderWithProviders(
      <PortfolioImport portfolioId={PORTFOLIO_ID} version={2} onImported={onImported} />,
    );
    await userEvent.upload(screen.getByLabelText('CSV file'), csv(T212));

    expect(await screen.findByLabelText('Broker’s format')).toHaveValue('trading212');
    expect(screen.getByLabelText('Date')).toHaveValue('Time');
    expect(screen.getByLabelText('Type of transaction')).toHaveValue('Action');
    expect(screen.getByLabelText('Fees')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Preview the rows' }));

    const errors = await screen.findByRole('table', { name: 'Rows with errors' });
    expect(
      within(errors)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['4Action“Interest on cash” is not a kind of transaction a portfolio keeps.']);
    const rows = screen.getByRole('table', { name: 'Rows as they will be stored' });
    expect(
      within(rows)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['2', '3']);
    expect(within(rows).getByText('Already there')).toBeInTheDocument();
    expect(
      screen.getByText(
        '3 rows in the file: 1 to add, 1 already in the portfolio, 1 row with errors.',
      ),
    ).toBeInTheDocument();
    expect(posted).toEqual([TICKET.url]);
    expect(bodyOf(requests, '/import/preview')).toEqual([
      { uploadId: TICKET.uploadId, mapping: TRADING212_PRESET.mapping },
    ]);

    // A row with an error holds the import back until the user leaves such rows out.
    const importButton = screen.getByRole('button', { name: 'Import 1 transaction' });
    expect(importButton).toBeDisabled();
    await userEvent.click(
      screen.getByLabelText('Leave out the 1 row with errors and import the rest'),
    );
    await userEvent.click(importButton);
    expect(
      await screen.findByText('1 added, 1 already there, 1 row with errors left out.'),
    ).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledWith(ANSWER);
    expect(bodyOf(requests, '/import')).toEqual([
      {
        uploadId: TICKET.uploadId,
        mapping: TRADING212_PRESET.mapping,
        version: 2,
        skipInvalidRows: true,
      },
    ]);
  });

  it('asks for the columns every row needs before any preview is asked for', async () => {
    const requests = serve();
    renderWithProviders(<PortfolioImport portfolioId={PORTFOLIO_ID} version={1} />);
    await userEvent.upload(
      screen.getByLabelText('CSV file'),
      csv('When,What,Code,Count\n2024-01-03,buy,AAPL,1\n'),
    );
    expect(await screen.findByLabelText('Broker’s format')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Preview the rows' }));
    expect(await screen.findByText('Choose the column that holds the date.')).toBeInTheDocument();
    expect(
      screen.getByText('Choose the column that holds the type of transaction.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.selectOptions(screen.getByLabelText('Date'), 'When');
    await userEvent.selectOptions(screen.getByLabelText('Type of transaction'), 'What');
    await userEvent.selectOptions(screen.getByLabelText('Symbol'), 'Code');
    await userEvent.click(screen.getByRole('button', { name: 'Preview the rows' }));
    await screen.findByRole('table', { name: 'Rows as they will be stored' });
    expect(bodyOf(requests, '/import/preview')).toEqual([
      {
        uploadId: TICKET.uploadId,
        mapping: {
          columns: { date: 'When', type: 'What', symbol: 'Code' },
          dateFormat: 'YYYY-MM-DD',
        },
      },
    ]);
  });

  it('refuses a file over the bound before anything is sent', async () => {
    const requests = serve();
    renderWithProviders(<PortfolioImport portfolioId={PORTFOLIO_ID} version={1} />);
    await userEvent.upload(
      screen.getByLabelText('CSV file'),
      csv('A'.repeat(PORTFOLIO_IMPORT_MAX_BYTES + 1)),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is too large: a portfolio import takes at most 1 MB.',
    );
    expect(requests.filter((r) => r.url.includes('/portfolio-uploads'))).toEqual([]);
    expect(posted).toEqual([]);
  });
});
