import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STOCK_CONFLICT_MESSAGE, type CuratedStock } from '@core/curation/stock';
import { emptyPermissionSet, type PermissionSet } from '@core/permissions';
import * as amplify from '../../../testing/amplify-mock';
import { stubApis } from '../../../testing/render-app';
import { openScreen, retype } from '../testing/curated-item-server';
import { StockServer } from '../testing/stock-server';

beforeAll(async () => {
  await import('./curation-screens');
});

const ISIN = 'US0000000001';
const PATH = `/admin/settings/stocks/detail/${ISIN}`;
const ADDED: CuratedStock = {
  isin: ISIN,
  symbol: 'ACME',
  companyName: 'Acme Corp',
  exchangeShortName: 'NYSE',
  currency: 'USD',
  sector: 'Industrials',
  industry: 'Machinery',
  country: 'US',
  sharesOutstanding: 1_000_000,
  hidden: false,
  version: 0,
  updatedAt: null,
  updatedBy: null,
};

let server: StockServer;

function stub(permissions?: PermissionSet) {
  stubApis({
    ...(permissions && { permissions: { permissionSet: { accessLevels: permissions } } }),
    extra: { '/graphql': server.handle },
  });
}

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: 'admin@example.com', groups: ['admin'] });
  // Added (version 1), renamed by someone else (2), hidden (3).
  server = new StockServer(ADDED);
  server.write({});
  server.history[0] = { ...server.history[0]!, before: null };
  server.write({ companyName: 'Acme Holdings', sharesOutstanding: 1_200_000 }, 'ed@example.com');
  server.write({ hidden: true });
  stub();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

const box = (name: string) => screen.getByRole('textbox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const open = () => openScreen(PATH, 'ACME — Acme Holdings');

describe('stock detail screen: last change and history', () => {
  it('says who changed the stock last and lists each version as a diff with who and when', async () => {
    await open();
    expect(
      screen.getByText('Last changed by admin@example.com on 2025-03-03 at 07:08 UTC.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Version 3.')).toBeInTheDocument();
    const current = await screen.findByRole('listitem', { name: 'Version 3 (current)' });
    expect(within(current).getByRole('row', { name: 'Public search Listed Hidden' })).toBeVisible();
    expect(within(current).queryByRole('button')).toBeNull();
    const renamed = screen.getByRole('listitem', { name: 'Version 2' });
    expect(within(renamed).getByText(/^Changed by ed@example\.com on/)).toBeInTheDocument();
    const changes = within(renamed).getByRole('table', { name: 'Changes in version 2' });
    expect(
      within(changes).getByRole('row', { name: 'Company name Acme Corp Acme Holdings' }),
    ).toBeVisible();
    expect(
      within(changes).getByRole('row', { name: 'Shares outstanding 1,000,000 1,200,000' }),
    ).toBeVisible();
    expect(within(changes).getAllByRole('row')).toHaveLength(3);
    const added = screen.getByRole('listitem', { name: 'Version 1' });
    expect(within(added).getByRole('row', { name: 'Company name — Acme Corp' })).toBeVisible();
  });

  it('restores a kept version after confirming: its facts return, the visibility stays', async () => {
    const { actor } = await open();
    const first = await screen.findByRole('listitem', { name: 'Version 1' });
    await actor.click(within(first).getByRole('button', { name: /Restore this version/ }));
    const dialog = screen.getByRole('dialog', { name: 'Restore version 1?' });
    expect(dialog).toHaveTextContent('The symbol, ISIN and whether the stock is hidden stay');
    await actor.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(/Version 1 restored as version 4\./)).toBeInTheDocument();
    expect(server.calls).toEqual([
      { name: 'RestoreStock', variables: { isin: ISIN, version: 1, expectedVersion: 3 } },
    ]);
    expect(box('Company name')).toHaveValue('Acme Corp');
    expect(box('Shares outstanding')).toHaveValue('1000000');
    expect(screen.getByText('Hidden from the public list and search')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Version 4 (current)' })).toBeVisible();
    expect(saveButton()).toBeDisabled();
  });

  it('on a stale restore says so and offers to reload', async () => {
    const { actor } = await open();
    server.write({ sector: 'Energy' }, 'other@example.com');
    const first = await screen.findByRole('listitem', { name: 'Version 1' });
    await actor.click(within(first).getByRole('button', { name: /Restore this version/ }));
    await actor.click(
      within(screen.getByRole('dialog', { name: 'Restore version 1?' })).getByRole('button', {
        name: 'Restore',
      }),
    );
    const alert = await screen.findByText(STOCK_CONFLICT_MESSAGE);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    await actor.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Reloaded version 4.')).toBeInTheDocument();
    expect(box('Sector')).toHaveValue('Energy');
    const meanwhile = screen.getByRole('table', { name: 'Changed meanwhile (now version 4)' });
    expect(within(meanwhile).getByRole('row', { name: 'Sector Industrials Energy' })).toBeVisible();
  });

  it('on a conflicting save reloads keeping the draft, and saves at the new version', async () => {
    const { actor } = await open();
    server.write({ industry: 'Tools' }, 'other@example.com');
    await retype(actor, box('Company name'), 'Acme Group');
    await actor.click(saveButton());
    expect(await screen.findByText(STOCK_CONFLICT_MESSAGE)).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Reload and keep my changes' }));
    expect(await screen.findByText(/Reloaded version 4\. Your changes are kept/)).toBeVisible();
    expect(box('Company name')).toHaveValue('Acme Group');
    const meanwhile = screen.getByRole('table', { name: 'Changed meanwhile (now version 4)' });
    expect(within(meanwhile).getByRole('row', { name: 'Industry Machinery Tools' })).toBeVisible();
    await actor.click(saveButton());
    expect(await screen.findByText(/Saved as version 5\./)).toBeInTheDocument();
    expect(server.calls.map((c) => c.variables.version)).toEqual([3, 4]);
    expect(server.stock).toMatchObject({ companyName: 'Acme Group', industry: 'Machinery' });
  });

  it('asks before leaving with unsaved changes', async () => {
    const { actor, router } = await open();
    await retype(actor, box('Sector'), 'Energy');
    await actor.click(screen.getByRole('link', { name: 'Stocks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await actor.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe(PATH);
    expect(box('Sector')).toHaveValue('Energy');
  });

  it('shows an editor without STOCKS update on this ISIN the history read-only, without restore', async () => {
    amplify.signedInAs({ email: 'ed@example.com', groups: ['editor'] });
    const set = emptyPermissionSet();
    stub({ ...set, STOCKS: { ...set.STOCKS, read: [ISIN], update: ['GB0000000001'] } });
    await open();
    expect(screen.getByRole('note')).toHaveTextContent(
      `Read-only: Your permission set allows changing the stocks of other companies, not of ${ISIN}.`,
    );
    expect(box('Company name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(await screen.findByRole('listitem', { name: 'Version 1' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
  });
});

describe('stock detail screen: delete', () => {
  it('deletes after the symbol is typed and moves on to the stocks list', async () => {
    const { actor } = await open();
    await actor.click(screen.getByRole('button', { name: 'Delete the stock' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete ACME?' });
    await actor.type(within(dialog).getByRole('textbox'), 'ACME');
    await actor.click(
      within(dialog).getByRole('button', { name: 'Delete the stock and its data' }),
    );
    expect(await screen.findByRole('heading', { name: 'Stocks', level: 1 })).toBeVisible();
    expect(server.calls).toEqual([
      { name: 'DeleteStock', variables: { isin: ISIN, confirm: 'ACME', version: 3 } },
    ]);
  });
});

describe('add a stock screen', () => {
  it('starts with every box empty: no number is shown before one is typed', async () => {
    await openScreen('/admin/settings/stocks/add', 'Add a stock');
    expect(box('Shares outstanding')).toHaveValue('');
    for (const name of ['Symbol', 'ISIN', 'Company name', 'Sector', 'Industry']) {
      expect(box(name)).toHaveValue('');
    }
  });

  it('tells an editor without STOCKS create before any typing, with no form to fill', async () => {
    amplify.signedInAs({ email: 'ed@example.com', groups: ['editor'] });
    const set = emptyPermissionSet();
    stub({ ...set, STOCKS: { ...set.STOCKS, read: ['ALL'] } });
    await openScreen('/admin/settings/stocks/add', 'Add a stock');
    expect(screen.getByRole('note')).toHaveTextContent(
      'Your permission set does not allow adding stocks.',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Add|Save/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the stocks' })).toHaveAttribute(
      'href',
      '/admin/settings/stocks',
    );
    // The breadcrumb's Settings is the admins' index: text for this editor, not a way to /401.
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(within(crumbs).getByRole('link', { name: 'Stocks' })).toBeVisible();
  });

  it('gives an editor with STOCKS create the form', async () => {
    amplify.signedInAs({ email: 'ed@example.com', groups: ['editor'] });
    const set = emptyPermissionSet();
    stub({ ...set, STOCKS: { ...set.STOCKS, read: ['ALL'], create: ['ALL'] } });
    await openScreen('/admin/settings/stocks/add', 'Add a stock');
    expect(box('Company name')).toBeEnabled();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
