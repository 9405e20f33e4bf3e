import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyProfile } from '../../core/market/types';
import { decodeStockList, type CompactStockList } from '../../core/stock-list';
import { premiumOnlyText } from '../../core/subscription';
import { USERS_TABLE } from '../../core/tables';
import { activeSubscription } from '../../core/testing/subscription';
import { IMPORT_MAX_BYTES, type DownloadLink, type UploadTicket } from '../../core/user-files';
import type { WatchlistImportAnswer } from '../../core/watchlist-import';
import type { WatchlistsAnswer } from '../../core/watchlists';
import { LOCAL_REGION } from '../../infra/local/aws-local';
import { LOCAL_S3_CREDENTIALS, LOCAL_USER_FILES_BUCKET } from '../../infra/local/s3-local';
import { usersTableStores } from '../../lambdas/adapters/dynamodb/users-table-stores';
import { seededCompanies } from '../support/demo-universe';
import { claimsOf } from '../support/forged-tokens';
import { sharedStack, signedInAccount, stackDocumentClient } from '../support/shared-stack';
import { postUploadForm } from '../support/upload-form';

/**
 * User files over HTTP against the shared local stack: the subscription API signs an S3 POST form,
 * the file goes to the local S3 through it (which checks the form's signature and policy as S3
 * does), and the import reads it back through the AWS SDK. The server checks the bounds again on
 * read: what this test shows with files written past the form, straight with the bucket's key.
 * Two users of the file's own: one who imports, and another ('editor') whose upload ids and lists
 * are not the first one's.
 */
describe('CSV import and export through the user-files bucket', () => {
  const stack = sharedStack();
  const tokens: Record<'user' | 'editor', string> = { user: '', editor: '' };
  let symbols: string[] = [];
  let isin = '';
  let s3: S3Client;

  beforeAll(async () => {
    tokens.user = (await signedInAccount(stack, 'importer')).idToken;
    tokens.editor = (await signedInAccount(stack, 'exporter')).idToken;
    const list = (await (await fetch(`${stack.url}/api/asset/stocks/list?all=true`)).json()) as {
      data: [CompactStockList];
    };
    // Seeded companies only: a stock another file adds may be gone by the time a test reads it.
    const seeded = new Set(seededCompanies(stack).map((c) => c.profile.symbol));
    symbols = decodeStockList(list.data[0])
      .map((s) => s.symbol)
      .filter((symbol) => seeded.has(symbol));
    const profile = (await (
      await fetch(`${stack.url}/api/asset/stocks/profile/${symbols[2]}`)
    ).json()) as { data: [CompanyProfile] };
    isin = profile.data[0].isin;
    s3 = new S3Client({
      region: LOCAL_REGION,
      credentials: LOCAL_S3_CREDENTIALS,
      endpoint: stack.endpoints.s3,
      forcePathStyle: true,
    });
  });

  afterAll(() => {
    s3?.destroy();
  });

  async function call<T>(who: keyof typeof tokens, path: string, body?: unknown) {
    const response = await fetch(`${stack.url}/api/subscription${path}`, {
      method: 'POST',
      headers: {
        Authorization: tokens[who],
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T & { message?: string } };
  }

  async function upload(content: string, type?: string) {
    const ticket = (await call<UploadTicket>('user', '/uploads')).body;
    const posted = await postUploadForm(ticket, content, type);
    expect(posted.status).toBe(204);
    return ticket;
  }

  const lists = async (who: keyof typeof tokens) =>
    (
      (await (
        await fetch(`${stack.url}/api/subscription/watchlists`, {
          headers: { Authorization: tokens[who] },
        })
      ).json()) as WatchlistsAnswer
    ).watchlists;

  it('signs a POST form bounding key, size and type, for the caller’s own folder', async () => {
    const ticket = (await call<UploadTicket>('user', '/uploads')).body;
    const sub = String(claimsOf(tokens.user).sub);
    expect(ticket.url).toBe(`${stack.endpoints.s3}/${LOCAL_USER_FILES_BUCKET}`);
    expect(ticket.fields.key).toBe(`users/${sub}/imports/${ticket.uploadId}.csv`);
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy!, 'base64').toString()) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, IMPORT_MAX_BYTES],
        { 'Content-Type': 'text/csv' },
        { key: ticket.fields.key },
        { bucket: LOCAL_USER_FILES_BUCKET },
      ]),
    );
    expect(ticket.fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('imports the known rows by symbol and ISIN and reports the unknown one by row number', async () => {
    const [first, second] = symbols as [string, string];
    const ticket = await upload(`Symbol\n${first}\nNOPE.X\n${isin}\n${second.toLowerCase()}\n`);
    const stored = await s3.send(
      new HeadObjectCommand({ Bucket: LOCAL_USER_FILES_BUCKET, Key: ticket.fields.key }),
    );
    expect(stored.ContentType).toBe('text/csv');

    const { status, body } = await call<WatchlistImportAnswer>('user', '/watchlists/import', {
      uploadId: ticket.uploadId,
      target: { kind: 'new', name: 'From CSV' },
    });
    expect(status).toBe(200);
    expect(body.watchlist.symbols).toEqual([first, symbols[2], second]);
    expect(body.unknown).toEqual([{ row: 3, value: 'NOPE.X' }]);
    expect(body.added.map((r) => r.row)).toEqual([2, 4, 5]);

    // Again into the same list, at its version: everything is now a duplicate.
    const again = await call<WatchlistImportAnswer>('user', '/watchlists/import', {
      uploadId: ticket.uploadId,
      target: { kind: 'existing', id: body.watchlist.id, version: body.watchlist.version },
    });
    expect(again.status).toBe(200);
    expect(again.body.duplicates.map((r) => r.row)).toEqual([2, 4, 5]);
    expect(again.body.watchlist.symbols).toEqual(body.watchlist.symbols);
  });

  it('refuses an oversized file and a non-CSV one: the bucket at upload, the import on read', async () => {
    const bigCsv = 'A\n'.repeat(IMPORT_MAX_BYTES / 2 + 1);
    const big = (await call<UploadTicket>('user', '/uploads')).body;
    const refusedBig = await postUploadForm(big, bigCsv);
    expect(refusedBig.status).toBe(400);
    expect(await refusedBig.text()).toContain('<Code>EntityTooLarge</Code>');
    const pdf = (await call<UploadTicket>('user', '/uploads')).body;
    const refusedPdf = await postUploadForm(pdf, '%PDF-1.4', 'application/pdf');
    expect(refusedPdf.status).toBe(403);
    expect(await refusedPdf.text()).toContain('Policy Condition failed');

    // Written past the form (as a bug or another writer could): the import checks again.
    const put = (key: string, body: string, type: string) =>
      s3.send(
        new PutObjectCommand({
          Bucket: LOCAL_USER_FILES_BUCKET,
          Key: key,
          Body: body,
          ContentType: type,
        }),
      );
    await put(big.fields.key!, bigCsv, 'text/csv');
    await put(pdf.fields.key!, '%PDF-1.4', 'application/pdf');
    const tooBig = await call('user', '/watchlists/import', {
      uploadId: big.uploadId,
      target: { kind: 'new', name: 'Big' },
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toMatch(/too large: an import takes at most 64 KB/);

    const notCsv = await call('user', '/watchlists/import', {
      uploadId: pdf.uploadId,
      target: { kind: 'new', name: 'Pdf' },
    });
    expect(notCsv.status).toBe(400);
    expect(notCsv.body.message).toMatch(/not a CSV text file \(its type is application\/pdf\)/);
    expect((await lists('user')).map((l) => l.name)).not.toContain('Big');
  });

  it('answers another user’s upload id with 404 and changes nothing', async () => {
    const ticket = await upload(`${symbols[0]}\n`);
    const before = await lists('editor');
    const stolen = await call('editor', '/watchlists/import', {
      uploadId: ticket.uploadId,
      target: { kind: 'new', name: 'Stolen' },
    });
    expect(stolen.status).toBe(404);
    expect(await lists('editor')).toEqual(before);
  });

  it('exports for Premium only, as an attachment whose formula-like cell is neutralised', async () => {
    const refused = await call('editor', '/exports', { kind: 'watchlists' });
    expect(refused).toEqual({ status: 403, body: { message: premiumOnlyText('CSV export') } });

    const sub = String(claimsOf(tokens.editor).sub);
    const { users } = usersTableStores(stackDocumentClient(stack), USERS_TABLE.localName);
    await users.writeSubscription(sub, activeSubscription({ observedAt: Date.now() }));
    const created = await call('editor', '/watchlists', { name: '=1+2', symbols: [symbols[0]] });
    expect(created.status).toBe(200);

    const { status, body } = await call<DownloadLink>('editor', '/exports', { kind: 'watchlists' });
    expect(status).toBe(200);
    expect(body.url).toContain(`/users/${sub}/exports/`);
    const file = await fetch(body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${body.fileName}"`);
    expect(await file.text()).toBe(`Watchlist,Position,Symbol\r\n'=1+2,1,${symbols[0]}`);
  });

  it('lets the product’s pages post to the bucket (CORS) and connect to it (CSP)', async () => {
    const origin = new URL(stack.url).origin;
    const preflight = await fetch(`${stack.endpoints.s3}/${LOCAL_USER_FILES_BUCKET}`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    const stranger = await fetch(`${stack.endpoints.s3}/${LOCAL_USER_FILES_BUCKET}`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(stranger.status).toBe(403);
    const csp = (await fetch(`${stack.url}/api/health`)).headers.get('content-security-policy');
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${stack.endpoints.s3}`));
  });
});
