import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, Invalid, NotFound, TooLarge } from '../../core/domain-errors';
import { premiumOnlyText } from '../../core/subscription';
import { activeSubscription } from '../../core/testing/subscription';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../core/user-files';
import { newUserRecord } from '../../core/user-record';
import { InMemoryAlertStore } from '../adapters/testing/memory/alert-store';
import { InMemoryUserFiles } from '../adapters/testing/memory/user-files';
import { InMemoryUsersRepository } from '../adapters/testing/memory/users-repository';
import { InMemoryWatchlistStore } from '../adapters/testing/memory/watchlist-store';
import type { StockRecord } from '../ports/stocks-repository';
import { AlertService } from './alert-service';
import { UserFileService } from './user-file-service';
import { WatchlistService } from './watchlist-service';

const STOCKS: Record<string, string> = { US0378331005: 'AAPL', US5949181045: 'MSFT' };
const stocks = {
  findByIsin: async (isin: string) =>
    STOCKS[isin] ? ({ isin, symbol: STOCKS[isin] } as StockRecord) : undefined,
  findBySymbol: async (symbol: string) => {
    const isin = Object.keys(STOCKS).find((i) => STOCKS[i] === symbol);
    return isin ? ({ isin, symbol } as StockRecord) : undefined;
  },
};

function setup(lookup: typeof stocks = stocks) {
  const users = new InMemoryUsersRepository([
    newUserRecord({ email: 'ann@example.com', sub: 'ann', createdAt: '2026-01-01T00:00:00Z' }),
    newUserRecord({ email: 'bob@example.com', sub: 'bob', createdAt: '2026-01-01T00:00:00Z' }),
  ]);
  const files = new InMemoryUserFiles();
  const watchlists = new WatchlistService({ users, store: new InMemoryWatchlistStore() });
  const alerts = new AlertService({
    users,
    store: new InMemoryAlertStore(),
    knownSymbol: async () => true,
  });
  const service = new UserFileService({ users, files, stocks: lookup, watchlists, alerts });
  /** The browser's part: the file posted with the form the service signed. */
  const upload = async (sub: string, body: string | Uint8Array, type = 'text/csv') => {
    const ticket = await service.createUpload(sub);
    files.put(ticket.fields.key!, body, type);
    return ticket.uploadId;
  };
  return { users, files, watchlists, service, upload };
}

describe('UserFileService import', () => {
  it('uploads under the caller’s own imports/ folder, bounded in size and type', async () => {
    const { service } = setup();
    const ticket = await service.createUpload('ann');
    expect(ticket.fields.key).toBe(`users/ann/imports/${ticket.uploadId}.csv`);
    expect(ticket).toMatchObject({ maxBytes: IMPORT_MAX_BYTES, contentType: 'text/csv' });
  });

  it('adds the known rows to a new list and reports the unknown one with its row number', async () => {
    const { service, upload } = setup();
    const id = await upload('ann', 'symbol\nAAPL\nNOPE\nUS5949181045\naapl\n');
    const answer = await service.importWatchlist('ann', id, { kind: 'new', name: 'Imported' });
    expect(answer.watchlist).toMatchObject({ name: 'Imported', symbols: ['AAPL', 'MSFT'] });
    expect(answer.added.map((r) => r.row)).toEqual([2, 4]);
    expect(answer.duplicates).toEqual([{ row: 5, value: 'aapl', symbol: 'AAPL' }]);
    expect(answer.unknown).toEqual([{ row: 3, value: 'NOPE' }]);
  });

  it('imports an upload once: a retried request answers the first import again', async () => {
    const { service, upload, watchlists } = setup();
    const id = await upload('ann', 'AAPL\nNOPE');
    const first = await service.importWatchlist('ann', id, { kind: 'new', name: 'Imported' });
    const again = await service.importWatchlist('ann', id, { kind: 'new', name: 'Imported' });
    expect(again).toEqual(first);
    expect((await watchlists.list('ann')).watchlists).toHaveLength(1);
  });

  it('adds to an existing list at the version shown, and refuses a stale one', async () => {
    const { service, upload, watchlists } = setup();
    const list = await watchlists.create('ann', { name: 'Tech', symbols: ['MSFT'] });
    const id = await upload('ann', 'MSFT\nAAPL');
    const stale = service.importWatchlist('ann', id, {
      kind: 'existing',
      id: list.id,
      version: list.version + 1,
    });
    await expect(stale).rejects.toBeInstanceOf(Conflict);
    const answer = await service.importWatchlist('ann', id, {
      kind: 'existing',
      id: list.id,
      version: list.version,
    });
    expect(answer.watchlist).toMatchObject({ symbols: ['MSFT', 'AAPL'], version: 2 });
    expect(answer.duplicates.map((r) => r.symbol)).toEqual(['MSFT']);
  });

  it('answers another user’s upload id with 404 and changes nothing', async () => {
    const { service, upload, watchlists } = setup();
    const id = await upload('bob', 'AAPL');
    await expect(
      service.importWatchlist('ann', id, { kind: 'new', name: 'Stolen' }),
    ).rejects.toBeInstanceOf(NotFound);
    expect((await watchlists.list('ann')).watchlists).toEqual([]);
  });

  it('refuses an oversized file, a non-CSV type, binary content and too many rows', async () => {
    const { service, upload } = setup();
    const cases: [string | Uint8Array, string, unknown][] = [
      ['A\n'.repeat(IMPORT_MAX_BYTES), 'text/csv', TooLarge],
      ['AAPL', 'application/pdf', Invalid],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]), 'text/csv', Invalid],
      ['AAPL\n'.repeat(IMPORT_MAX_ROWS + 1), 'text/csv', TooLarge],
    ];
    for (const [body, type, error] of cases) {
      const id = await upload('ann', body, type);
      await expect(
        service.importWatchlist('ann', id, { kind: 'new', name: 'X' }),
      ).rejects.toBeInstanceOf(error);
    }
  });

  it('keeps the plan’s symbols-per-list limit (Free: 20) and stores nothing beyond it', async () => {
    const { service, upload, watchlists } = setup({
      findBySymbol: async (symbol) => ({ symbol }) as StockRecord,
      findByIsin: async () => undefined,
    });
    const many = Array.from({ length: 21 }, (_, i) => `S${i}`);
    const id = await upload('ann', many.join('\n'));
    const refused = service.importWatchlist('ann', id, { kind: 'new', name: 'Many' });
    await expect(refused).rejects.toThrow(/limit of symbols per watchlist is 20/);
    expect((await watchlists.list('ann')).watchlists).toEqual([]);
  });
});

describe('UserFileService export', () => {
  it('refuses Free users with the premium-only text', async () => {
    const { service } = setup();
    const refused = service.exportCsv('ann', 'watchlists');
    await expect(refused).rejects.toBeInstanceOf(Forbidden);
    await expect(refused).rejects.toThrow(premiumOnlyText('CSV export'));
  });

  it('writes the CSV under the caller’s exports/ folder and links to it', async () => {
    const { service, users, files, watchlists } = setup();
    await users.writeSubscription('ann', activeSubscription({ observedAt: Date.now() }));
    await watchlists.create('ann', { name: '@risk', symbols: ['AAPL'] });
    const link = await service.exportCsv('ann', 'watchlists');
    const [key, object] = [...files.objects].find(([k]) => k.startsWith('users/ann/exports/'))!;
    expect(link.url).toContain(key);
    expect(link.fileName).toMatch(/^stockscope-watchlists-\d{4}-\d\d-\d\d\.csv$/);
    expect(new TextDecoder().decode(object.body)).toContain(`'@risk,1,AAPL`);
  });
});
