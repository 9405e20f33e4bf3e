import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_TEXT, type UploadTicket } from '@core/user-files';
import type { WatchlistImportAnswer } from '@core/watchlist-import';
import type { WatchlistView } from '@core/watchlists';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis } from '../../../testing/render-app';
import { jsonResponse } from '../../../testing/test-utils';

const imported: WatchlistView = {
  id: 'wl_import0001',
  name: 'Holdings',
  symbols: ['AAA', 'BBB'],
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  readOnly: false,
};
const TICKET: UploadTicket = {
  uploadId: '6f1c0c6e-4a5b-4c3d-8e9f-0a1b2c3d4e5f',
  url: 'http://127.0.0.1:4569/user-files',
  fields: { key: 'users/sub-1/imports/6f1c0c6e-4a5b-4c3d-8e9f-0a1b2c3d4e5f.csv' },
  maxBytes: IMPORT_MAX_BYTES,
  contentType: 'text/csv',
  expiresAt: '2100-01-01T00:00:00Z',
};
const ANSWER: WatchlistImportAnswer = {
  watchlist: imported,
  added: [
    { row: 2, value: 'AAA', symbol: 'AAA' },
    { row: 4, value: 'bbb', symbol: 'BBB' },
  ],
  duplicates: [],
  unknown: [{ row: 3, value: 'NOPE.X' }],
};

/** The bucket as the browser meets it: each posted form is kept, S3's 204 answered. */
const posted: { url: string; fields: string[] }[] = [];
class FakeUpload {
  upload: {
    onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void;
  } = {};
  status = 0;
  onload?: () => void;
  onerror?: () => void;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  send(form: FormData) {
    posted.push({ url: this.url, fields: [...form.keys()] });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
    this.status = 204;
    setTimeout(() => this.onload?.(), 0);
  }
}

function serve() {
  return stubApis({
    user: { email: 'csv@example.com', subscription: null },
    extra: {
      '/api/subscription/watchlists': () =>
        jsonResponse({
          watchlists: [],
          limits: { tier: 'free', watchlists: 1, symbolsPerWatchlist: 20 },
        }),
      '/api/subscription/watchlists/import': () => jsonResponse(ANSWER),
      '/api/subscription/uploads': () => jsonResponse(TICKET),
    },
  });
}

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: 'csv@example.com' });
  localStorage.clear();
  posted.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});

afterEach(() => vi.restoreAllMocks());

const csv = (text: string, name = 'holdings.csv') => new File([text], name, { type: 'text/csv' });

describe('Import CSV on the dashboard', () => {
  it('posts the file to the bucket with the signed fields first, then lists the unknown row by number', async () => {
    const requests = serve();
    renderApp('/dashboard', { signedIn: true });
    await userEvent.upload(
      await screen.findByLabelText('CSV file', {}, { timeout: 5_000 }),
      csv('Symbol\nAAA\nNOPE.X\nbbb\n'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const table = await screen.findByRole('table', { name: '1 row was not found' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', 'NOPE.X']);
    expect(screen.getByText('Added 2 stocks to “Holdings”.')).toBeInTheDocument();
    expect(posted).toEqual([{ url: TICKET.url, fields: ['key', 'file'] }]);
    const imports = requests.filter((r) => r.url.endsWith('/watchlists/import'));
    expect(JSON.parse(String(imports[0]!.init!.body))).toEqual({
      uploadId: TICKET.uploadId,
      target: { kind: 'new', name: 'holdings' },
    });
  }, 15_000);

  it('refuses a file over the bound before anything is sent', async () => {
    const requests = serve();
    renderApp('/dashboard', { signedIn: true });
    await userEvent.upload(
      await screen.findByLabelText('CSV file', {}, { timeout: 5_000 }),
      csv('A'.repeat(IMPORT_MAX_BYTES + 1)),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_TOO_LARGE_TEXT);
    expect(requests.filter((r) => r.url.includes('/uploads'))).toEqual([]);
    expect(posted).toEqual([]);
  });
});
