import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SHARIAH_CONFLICT_MESSAGE,
  toShariahInputs,
  type ShariahInput,
} from '@core/curation/shariah';
import type { ShariahInputs } from '@core/market/types';
import { emptyPermissionSet, type PermissionSet } from '@core/permissions';
import * as amplify from '../../../testing/amplify-mock';
import type { RecordedRequest } from '../../../testing/render-app';
import { jsonResponse } from '../../../testing/test-utils';
import {
  CuratedItemServer,
  openScreen,
  retype,
  sentMutations,
  stubCuration,
} from '../testing/curated-item-server';

beforeAll(async () => {
  await import('./curation-screens');
});

const ISIN = 'US0000000001';
const PATH = '/admin/settings/shariah?symbol=ACME';

/** Ingested inputs: a share, no split, no curated figures. */
const INGESTED: ShariahInputs = {
  symbol: 'ACME',
  businessActivity: 'permissible',
  nonPermissibleRevenueShare: 0.02,
  interestBearingSecurities: 1_000_000,
  asOf: '2025-01-31',
};

let server: CuratedItemServer<ShariahInputs>;
let requests: RecordedRequest[];

function stub(permissions?: PermissionSet) {
  requests = stubCuration(server as CuratedItemServer<unknown>, permissions, {
    '/api/asset/stocks/profile/ACME': () =>
      jsonResponse({
        data: [{ symbol: 'ACME', companyName: 'Acme Corp', isin: ISIN, currency: 'USD' }],
      }),
  });
}

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: 'admin@example.com', groups: ['admin'] });
  server = new CuratedItemServer<ShariahInputs>(
    'Shariah',
    SHARIAH_CONFLICT_MESSAGE,
    ISIN,
    'ACME',
    INGESTED,
    (input) =>
      toShariahInputs(input as ShariahInput, { symbol: 'ACME', reviewer: 'admin@example.com' }),
  );
  stub();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

const box = (name: string) => screen.getByRole('spinbutton', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
type Actor = Awaited<ReturnType<typeof openScreen>>['actor'];

const open = () => openScreen(PATH, 'Shariah inputs of Acme Corp');

/** A split of 980 permissible and 20 non-permissible from one source of `amount`. */
async function fillSplit(actor: Actor, amount: string) {
  await retype(actor, box('Permissible revenue'), '980');
  await retype(actor, box('Non-permissible revenue'), '20');
  await actor.click(screen.getByRole('button', { name: 'Add a source' }));
  await actor.type(screen.getByRole('textbox', { name: 'Name of source 1' }), 'Interest income');
  await actor.type(box('Amount of source 1'), amount);
}

describe('Shariah curation screen', () => {
  it('shows the stored inputs, says empty figures fall back to the balance sheet, and the ingested share', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Shariah');
    expect(screen.getByRole('combobox', { name: 'Business activity' })).toHaveValue('permissible');
    expect(box('Interest-bearing securities')).toHaveValue(1_000_000);
    expect(box('Interest-bearing debt (optional)')).toHaveValue(null);
    expect(box('Interest-bearing debt (optional)')).toHaveAccessibleDescription(
      'Empty: the latest balance sheet’s figure is used.',
    );
    expect(screen.getByText(/give only the non-permissible share, 2\.00%/)).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: 'Override the computed verdict' }),
    ).not.toBeChecked();
    expect(
      screen.getByText(/beside the computed verdicts, never instead of them/),
    ).toBeInTheDocument();
  });

  it("checks the sources' sum with core's rule, then saves the split and an override at the version", async () => {
    const { actor } = await open();
    await fillSplit(actor, '15');
    expect(
      screen.getByText(/The sources add up to 15 of the non-permissible 20/),
    ).toBeInTheDocument();
    await actor.click(saveButton());
    expect(
      await screen.findByText('the sources add up to 15, not the non-permissible revenue 20'),
    ).toBeInTheDocument();
    expect(sentMutations(requests)).toEqual([]);

    await retype(actor, box('Amount of source 1'), '20');
    await retype(actor, box('Cash and equivalents (optional)'), '5000');
    await actor.click(screen.getByRole('checkbox', { name: 'Override the computed verdict' }));
    await actor.selectOptions(screen.getByRole('combobox', { name: 'Verdict' }), 'questionable');
    await actor.type(
      screen.getByRole('textbox', { name: 'Reason' }),
      'Pending the 2025 audited accounts.',
    );
    await actor.clear(screen.getByLabelText('Review date'));
    await actor.type(screen.getByLabelText('Review date'), '2025-03-01');
    await actor.click(saveButton());
    expect(await screen.findByText(/Saved as version 1\./)).toBeInTheDocument();
    const [sent] = sentMutations(requests);
    expect(sent).toEqual({
      name: 'UpdateShariah',
      variables: {
        isin: ISIN,
        version: 0,
        value: {
          businessActivity: 'permissible',
          interestBearingSecurities: 1_000_000,
          asOf: '2025-01-31',
          cashAndEquivalents: 5000,
          revenueSplit: {
            permissible: 980,
            nonPermissible: 20,
            sources: [{ name: 'Interest income', amount: 20 }],
          },
          override: {
            verdict: 'questionable',
            reason: 'Pending the 2025 audited accounts.',
            reviewedOn: '2025-03-01',
          },
        },
      },
    });
    const entry = await screen.findByRole('listitem', { name: 'Version 1 (current)' });
    const changes = within(entry).getByRole('table', { name: 'Changes in version 1' });
    expect(
      within(changes).getByRole('row', { name: 'Override verdict — questionable' }),
    ).toBeVisible();
    expect(
      within(changes).getByRole('row', { name: 'Revenue source added — Interest income: 20' }),
    ).toBeVisible();
    expect(screen.getByText('Last reviewed by admin@example.com.')).toBeInTheDocument();
  });

  it('a reason too short is refused before sending', async () => {
    const { actor } = await open();
    await fillSplit(actor, '20');
    await actor.click(screen.getByRole('checkbox', { name: 'Override the computed verdict' }));
    await actor.type(screen.getByRole('textbox', { name: 'Reason' }), 'Short');
    await actor.click(saveButton());
    expect(
      await screen.findByText('Override reason needs at least 10 characters'),
    ).toBeInTheDocument();
    expect(sentMutations(requests)).toEqual([]);
  });

  it('on a conflict reloads keeping the draft and saves at the new version', async () => {
    const { actor } = await open();
    server.write({ ...INGESTED, businessActivity: 'weapons' }, 'other@example.com');
    await fillSplit(actor, '20');
    await actor.click(saveButton());
    await screen.findByText(SHARIAH_CONFLICT_MESSAGE);
    await actor.click(screen.getByRole('button', { name: 'Reload and keep my changes' }));
    await screen.findByText(/Reloaded version 1\. Your changes are kept/);
    const meanwhile = screen.getByRole('table', { name: 'Changed meanwhile (now version 1)' });
    expect(
      within(meanwhile).getByRole('row', { name: 'Business activity permissible weapons' }),
    ).toBeVisible();
    expect(box('Amount of source 1')).toHaveValue(20);
    await actor.click(saveButton());
    await screen.findByText(/Saved as version 2\./);
    expect(sentMutations(requests).map((m) => m.variables.version)).toEqual([0, 1]);
  });

  it('restores a kept version after confirming', async () => {
    server.write({ ...INGESTED, interestBearingSecurities: 2_000_000 });
    server.write({ ...INGESTED, interestBearingSecurities: 3_000_000 });
    const { actor } = await open();
    const first = await screen.findByRole('listitem', { name: 'Version 1' });
    expect(
      within(first).getByRole('row', { name: 'Interest-bearing securities 1,000,000 2,000,000' }),
    ).toBeVisible();
    await actor.click(within(first).getByRole('button', { name: /Restore this version/ }));
    await actor.click(
      within(screen.getByRole('dialog', { name: 'Restore version 1?' })).getByRole('button', {
        name: 'Restore',
      }),
    );
    expect(await screen.findByText(/Version 1 restored as version 3\./)).toBeInTheDocument();
    expect(sentMutations(requests)).toEqual([
      { name: 'RestoreShariah', variables: { isin: ISIN, version: 1, expectedVersion: 2 } },
    ]);
    expect(box('Interest-bearing securities')).toHaveValue(2_000_000);
  });

  it('is read-only for an editor with SHARIAH read, saying only admins change it', async () => {
    server.write({
      ...INGESTED,
      override: {
        verdict: 'compliant',
        reason: 'Reviewed by the board.',
        reviewedOn: '2025-02-01',
        reviewer: 'admin@example.com',
      },
    });
    amplify.signedInAs({ email: 'ed@example.com', groups: ['editor'] });
    const set = emptyPermissionSet();
    stub({ ...set, SHARIAH: { ...set.SHARIAH, read: ['ALL'] } });
    await open();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Read only: Editors may read the Shariah inputs; only admins change them.',
    );
    expect(box('Interest-bearing securities')).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveValue('Reviewed by the board.');
    expect(screen.getByRole('button', { name: 'Add a source' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await screen.findByRole('listitem', { name: 'Version 1 (current)' });
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
  });
});
