import { beforeAll, describe, expect, it } from 'vitest';
import { guessMapping, csvCells } from '../../core/portfolio/csv-import';
import {
  importHasErrorsText,
  type PortfolioImportAnswer,
  type PortfolioImportPreview,
} from '../../core/portfolio/import-plan';
import type { PortfolioTransactions, PortfolioView } from '../../core/portfolios';
import type { UploadTicket } from '../../core/user-files';
import { seededCompanies } from '../support/demo-universe';
import { sharedStack, signedInAccount } from '../support/shared-stack';
import { postUploadForm } from '../support/upload-form';

/**
 * A broker's CSV into a portfolio over HTTP against the shared local stack: uploaded through the
 * presigned form to the user-files bucket, previewed with the mapping guessed from its header
 * (its bad row named with its message, nothing saved), imported, and imported again adding
 * nothing. Two users of the file's own: an owner, and another whose requests must not reach the
 * owner's upload.
 */
describe('a broker CSV imported into a portfolio', () => {
  const stack = sharedStack();
  const tokens: Record<'owner' | 'other', string> = { owner: '', other: '' };
  let csv = '';
  let symbols: [string, string];

  beforeAll(async () => {
    tokens.owner = (await signedInAccount(stack, 'pimport-owner')).idToken;
    tokens.other = (await signedInAccount(stack, 'pimport-other')).idToken;
    const [byIsin, byTicker] = seededCompanies(stack)
      .map((c) => c.profile)
      .filter((p) => p.currency === 'USD');
    symbols = [byIsin!.symbol, byTicker!.symbol];
    // Trading 212's history export: the first stock named by ISIN (its ticker is a broker's own),
    // the second by ticker; interest on cash is nothing a portfolio keeps.
    csv = [
      'Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency (Price / share),Exchange rate,Result,Currency (Result),Total,Currency (Total),Withholding tax,Currency (Withholding tax),Notes,ID',
      'Deposit,2024-01-02 09:00:00,,,,,,,,,,5000.00,USD,,,,d1',
      `Market buy,2024-01-03 14:30:05,${byIsin!.isin},XX1,One,10,100.00,USD,1,,,1000.00,USD,,,,b1`,
      `Limit buy,2024-01-04 10:00:00,,${byTicker!.symbol},Two,5,40.00,USD,1,,,200.00,USD,,,,b2`,
      `Dividend (Ordinary),2024-02-15 08:00:00,${byIsin!.isin},XX1,One,10,0.50,USD,1,,,4.25,USD,0.75,USD,,v1`,
      'Interest on cash,2024-03-31 00:00:00,,,,,,,,,,1.02,USD,,,,i1',
      `Market sell,2024-04-02 15:00:00,,${byTicker!.symbol},Two,2,45.00,USD,1,10,USD,90.00,USD,,,,s1`,
    ].join('\n');
  });

  async function call<T>(who: keyof typeof tokens, method: string, path: string, body?: unknown) {
    const response = await fetch(`${stack.url}/api/subscription${path}`, {
      method,
      headers: {
        Authorization: tokens[who],
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T & { message?: string } };
  }

  async function upload(who: keyof typeof tokens, content: string) {
    const ticket = (await call<UploadTicket>(who, 'POST', '/portfolio-uploads')).body;
    expect((await postUploadForm(ticket, content)).status).toBe(204);
    return ticket.uploadId;
  }

  const mappingOf = (text: string) => {
    const [header, ...rows] = csvCells(text);
    return guessMapping(header!, rows);
  };

  it('previews the rows with the bad one named, imports the good ones, and adds nothing the second time', async () => {
    const { mapping, preset } = mappingOf(csv);
    expect(preset).toBe('trading212');
    const portfolio = (
      await call<PortfolioView>('owner', 'POST', '/portfolios', { name: 'Broker', currency: 'USD' })
    ).body;
    const uploadId = await upload('owner', csv);

    const preview = await call<PortfolioImportPreview>(
      'owner',
      'POST',
      `/portfolios/${portfolio.id}/import/preview`,
      { uploadId, mapping },
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      rowCount: 6,
      fresh: 5,
      alreadyThere: 0,
      rowsWithErrors: 1,
    });
    expect(preview.body.errors).toEqual([
      {
        row: 6,
        column: 'Action',
        message:
          '“Interest on cash” is not a kind of transaction a portfolio keeps (buy, sell, dividend, split, fee, deposit, withdrawal).',
      },
    ]);
    // 10 × 0.50 gross less 0.75 withheld: 4.25 received.
    expect(preview.body.rows.map((r) => r.transaction)).toEqual([
      { type: 'deposit', date: '2024-01-02', amount: 5000, currency: 'USD' },
      expect.objectContaining({ type: 'buy', symbol: symbols[0], quantity: 10, price: 100 }),
      expect.objectContaining({ type: 'buy', symbol: symbols[1], quantity: 5, price: 40 }),
      expect.objectContaining({
        type: 'dividend',
        symbol: symbols[0],
        amount: 4.25,
        taxWithheld: 0.75,
      }),
      expect.objectContaining({ type: 'sell', symbol: symbols[1], quantity: 2, price: 45 }),
    ]);
    const untouched = await call<PortfolioTransactions>(
      'owner',
      'GET',
      `/portfolios/${portfolio.id}/transactions`,
    );
    expect(untouched.body.transactions).toEqual([]);

    // A row with an error refuses the file, unless the user chose to leave such rows out.
    const refused = await call('owner', 'POST', `/portfolios/${portfolio.id}/import`, {
      uploadId,
      mapping,
      version: portfolio.version,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(importHasErrorsText(1));

    const imported = await call<PortfolioImportAnswer>(
      'owner',
      'POST',
      `/portfolios/${portfolio.id}/import`,
      { uploadId, mapping, version: portfolio.version, skipInvalidRows: true },
    );
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ added: 5, alreadyThere: 0, leftOut: 1 });

    // The same file uploaded and imported again: every row is already there.
    const again = await upload('owner', csv);
    const second = await call<PortfolioImportAnswer>(
      'owner',
      'POST',
      `/portfolios/${portfolio.id}/import`,
      { uploadId: again, mapping, version: imported.body.portfolio.version, skipInvalidRows: true },
    );
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ added: 0, alreadyThere: 5, leftOut: 1 });
    const stored = await call<PortfolioTransactions>(
      'owner',
      'GET',
      `/portfolios/${portfolio.id}/transactions`,
    );
    expect(stored.body.transactions).toHaveLength(5);
    expect(stored.body.transactions.every((t) => t.importKey?.startsWith('csv:'))).toBe(true);
  });

  it('refuses another user’s upload id: their folder has no such file', async () => {
    const { mapping } = mappingOf(csv);
    const ownersUpload = await upload('owner', csv);
    const theirs = (
      await call<PortfolioView>('other', 'POST', '/portfolios', { name: 'Mine', currency: 'USD' })
    ).body;
    const preview = await call('other', 'POST', `/portfolios/${theirs.id}/import/preview`, {
      uploadId: ownersUpload,
      mapping,
    });
    expect(preview.status).toBe(404);
    expect(preview.body.message).toBe('No such upload: upload the file again.');
    const imported = await call('other', 'POST', `/portfolios/${theirs.id}/import`, {
      uploadId: ownersUpload,
      mapping,
      version: theirs.version,
      skipInvalidRows: true,
    });
    expect(imported.status).toBe(404);
  });

  it('names the field of a body that is not an import', async () => {
    const ticket = (await call<UploadTicket>('owner', 'POST', '/portfolio-uploads')).body;
    const bad = await call('owner', 'POST', '/portfolios/pf_000000000000000000000000/import', {
      uploadId: ticket.uploadId,
      mapping: { columns: { date: 'Date' }, dateFormat: 'D/M/Y' },
      version: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(
      /dateFormat must be one of YYYY-MM-DD, DD\/MM\/YYYY, MM\/DD\/YYYY/,
    );
  });
});
