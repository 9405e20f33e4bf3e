import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYST_CONFLICT_MESSAGE, toAnalystData, type AnalystInput } from '@core/curation/analyst';
import type { AnalystData } from '@core/market/types';
import { emptyPermissionSet, type PermissionSet } from '@core/permissions';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, type RecordedRequest } from '../../../testing/render-app';
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
const PATH = '/admin/settings/analyst?symbol=ACME';
const PRICE = 100;

const INGESTED: AnalystData = {
  symbol: 'ACME',
  ratings: { strongBuy: 2, buy: 5, hold: 3, sell: 0, strongSell: 0 },
  consensus: 'Buy',
  priceTarget: { low: 90, consensus: 120, median: 118, high: 150, currency: 'USD' },
  grades: [
    {
      date: '2025-01-10',
      gradingCompany: 'Acme Securities',
      previousGrade: 'Hold',
      newGrade: 'Buy',
      action: 'upgrade',
    },
  ],
};

let server: CuratedItemServer<AnalystData>;
let requests: RecordedRequest[];

function stub(permissions?: PermissionSet) {
  requests = stubCuration(server as CuratedItemServer<unknown>, permissions, {
    '/api/asset/stocks/profile/ACME': () =>
      jsonResponse({
        data: [
          { symbol: 'ACME', companyName: 'Acme Corp', isin: ISIN, currency: 'USD', price: 99 },
        ],
      }),
    '/api/asset/stocks/quote/ACME': () =>
      jsonResponse({ data: [{ symbol: 'ACME', price: PRICE, marketOpen: false }] }),
  });
}

/** A server holding `value` as the company's analyst data, never curated (version 0). */
function serve(value: AnalystData) {
  server = new CuratedItemServer<AnalystData>(
    'Analyst',
    ANALYST_CONFLICT_MESSAGE,
    ISIN,
    'ACME',
    value,
    (input) => toAnalystData(input as AnalystInput, 'ACME'),
  );
  stub();
}

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: 'admin@example.com', groups: ['admin'] });
  serve(INGESTED);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

const box = (name: string) => screen.getByRole('spinbutton', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

const open = () => openScreen(PATH, 'Analyst data of Acme Corp');

describe('analyst curation screen', () => {
  it('shows the stored figures, the grades and the live price with no warning', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Analysts');
    expect(screen.getByText('As ingested, never curated.')).toBeInTheDocument();
    expect(box('Buy')).toHaveValue(5);
    expect(screen.getByRole('combobox', { name: 'Consensus' })).toHaveValue('Buy');
    expect(box('Mean target (consensus)')).toHaveValue(120);
    expect(screen.getByRole('textbox', { name: 'Firm of grade 1' })).toHaveValue('Acme Securities');
    expect(
      await screen.findByText(/Current price: 100\.00 \(the live quote\)/),
    ).toBeInTheDocument();
    expect(screen.getByText('Nothing looks unusual.')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it("shows core's warnings live as the figures change", async () => {
    const { actor } = await open();
    await screen.findByText(/the live quote/);
    await retype(actor, box('Low target'), '10');
    await retype(actor, box('Median target'), '20');
    await retype(actor, box('Mean target (consensus)'), '30');
    expect(
      await screen.findByText('A Buy consensus with a mean target below the price (-70.0%)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/The mean target 30 USD is -70\.0% from the price 100/),
    ).toBeInTheDocument();
    await retype(actor, box('Hold'), '30');
    expect(await screen.findByText('The distribution points to Hold, not Buy')).toBeInTheDocument();
  });

  it('warns when a grade’s target lies above the consensus high', async () => {
    const { actor } = await open();
    await screen.findByText(/the live quote/);
    await actor.type(screen.getByRole('spinbutton', { name: 'Target of grade 1' }), '450');
    expect(
      await screen.findByText(
        'The target 450 USD of Acme Securities on 2025-01-10 lies above the high 150: the page will show it as the high unless the range is corrected',
      ),
    ).toBeInTheDocument();
  });

  it("refuses what core's rule refuses before sending anything", async () => {
    const { actor } = await open();
    await retype(actor, box('High target'), '80');
    await actor.click(saveButton());
    // In the form's words: the label, not core's code name.
    expect(await screen.findByText('High target must not be below low')).toBeInTheDocument();
    expect(box('High target')).toHaveAttribute('aria-invalid', 'true');
    expect(sentMutations(requests)).toEqual([]);
  });

  it('names an empty grade field by its column, never its code name', async () => {
    const { actor } = await open();
    await actor.click(screen.getByRole('button', { name: 'Add a grade' }));
    await actor.type(screen.getByRole('textbox', { name: 'To of grade 2' }), 'Buy');
    await actor.click(saveButton());
    const refusal = await screen.findByText(/Firm must not be empty/);
    expect(refusal).not.toHaveTextContent('gradingCompany');
    expect(sentMutations(requests)).toEqual([]);
  });

  it('saves targets and an added grade at the version, then lists what changed', async () => {
    const { actor } = await open();
    await retype(actor, box('Mean target (consensus)'), '125.5');
    await actor.click(screen.getByRole('button', { name: 'Add a grade' }));
    await actor.clear(screen.getByLabelText('Date of grade 2'));
    await actor.type(screen.getByLabelText('Date of grade 2'), '2025-02-01');
    await actor.type(screen.getByRole('textbox', { name: 'Firm of grade 2' }), 'Beta Capital');
    await actor.type(screen.getByRole('textbox', { name: 'To of grade 2' }), 'Buy');
    await actor.click(saveButton());
    expect(
      await screen.findByText(/Saved as version 1\. The public stock page/),
    ).toBeInTheDocument();
    const [sent] = sentMutations(requests);
    expect(sent).toMatchObject({ name: 'UpdateAnalyst', variables: { isin: ISIN, version: 0 } });
    expect(sent!.variables.value).toMatchObject({
      priceTarget: { consensus: 125.5, low: 90 },
      grades: [
        expect.objectContaining({ gradingCompany: 'Acme Securities' }),
        {
          date: '2025-02-01',
          gradingCompany: 'Beta Capital',
          previousGrade: '',
          newGrade: 'Buy',
          action: 'initiate',
        },
      ],
    });
    const entry = await screen.findByRole('listitem', { name: 'Version 1 (current)' });
    const changes = within(entry).getByRole('table', { name: 'Changes in version 1' });
    expect(
      within(changes).getByRole('row', { name: 'Mean target (consensus) 120 125.5' }),
    ).toBeVisible();
    expect(
      within(changes).getByRole('row', {
        name: 'Grade added — 2025-02-01 Beta Capital: — → Buy (initiate)',
      }),
    ).toBeVisible();
    // Grades are compared as rows: the one that stayed is no change.
    expect(within(changes).getAllByRole('row')).toHaveLength(3);
    expect(saveButton()).toBeDisabled();
  });

  it("keeps the as-of day, its price and the grades' targets on a save, and takes new ones", async () => {
    serve({
      ...INGESTED,
      asOf: '2025-01-10',
      priceAsOf: 98.5,
      grades: [{ ...INGESTED.grades[0]!, priceTarget: 130, priceWhenPosted: 97 }],
    });
    const { actor } = await open();
    expect(screen.getByLabelText('As of')).toHaveValue('2025-01-10');
    expect(box('Price on that day')).toHaveValue(98.5);
    await retype(actor, box('Buy'), '6');
    await actor.click(saveButton());
    await screen.findByText(/Saved as version 1\./);
    expect(sentMutations(requests)[0]!.variables.value).toMatchObject({
      asOf: '2025-01-10',
      priceAsOf: 98.5,
      grades: [{ gradingCompany: 'Acme Securities', priceTarget: 130, priceWhenPosted: 97 }],
    });
    await retype(actor, box('Price on that day'), '101');
    await actor.clear(screen.getByLabelText('As of'));
    await actor.type(screen.getByLabelText('As of'), '2025-03-03');
    await actor.click(saveButton());
    await screen.findByText(/Saved as version 2\./);
    expect(sentMutations(requests)[1]!.variables.value).toMatchObject({
      asOf: '2025-03-03',
      priceAsOf: 101,
    });
  });

  it("edits a grade's target and price when posted, with core's check against the grade", async () => {
    const { actor } = await open();
    await screen.findByText(/the live quote/);
    expect(box('Target of grade 1')).toHaveValue(null);
    await actor.type(box('Target of grade 1'), '90');
    await actor.type(box('Price when posted of grade 1'), '100');
    expect(
      await screen.findByText(
        'The Buy of Acme Securities on 2025-01-10 has a target -10.0% from the price when posted',
      ),
    ).toBeInTheDocument();
    await retype(actor, box('Target of grade 1'), '30');
    expect(
      await screen.findByText(
        'The Buy of Acme Securities on 2025-01-10: the target 30 is -70.0% from the price when posted 100: check the figures',
      ),
    ).toBeInTheDocument();
    await retype(actor, box('Target of grade 1'), '130');
    expect(await screen.findByText('Nothing looks unusual.')).toBeInTheDocument();
    await actor.click(saveButton());
    await screen.findByText(/Saved as version 1\./);
    expect(sentMutations(requests)[0]!.variables.value).toMatchObject({
      grades: [{ gradingCompany: 'Acme Securities', priceTarget: 130, priceWhenPosted: 100 }],
    });
    const entry = await screen.findByRole('listitem', { name: 'Version 1 (current)' });
    expect(
      within(entry).getByRole('row', {
        name: 'Grade added — 2025-01-10 Acme Securities: Hold → Buy (upgrade), target 130 at 100',
      }),
    ).toBeVisible();
  });

  it('refuses a grade target that is not positive, naming the field, before sending', async () => {
    const { actor } = await open();
    await actor.type(box('Target of grade 1'), '0');
    await actor.click(saveButton());
    expect(await screen.findByText('Target must be positive')).toBeInTheDocument();
    expect(box('Target of grade 1')).toHaveAttribute('aria-invalid', 'true');
    expect(box('Price when posted of grade 1')).not.toHaveAttribute('aria-invalid');
    expect(sentMutations(requests)).toEqual([]);
  });

  it('saves a cleared grade target as no target, never 0', async () => {
    serve({
      ...INGESTED,
      grades: [{ ...INGESTED.grades[0]!, priceTarget: 130, priceWhenPosted: 97 }],
    });
    const { actor } = await open();
    expect(box('Target of grade 1')).toHaveValue(130);
    expect(box('Price when posted of grade 1')).toHaveValue(97);
    expect(saveButton()).toBeDisabled();
    await actor.clear(box('Target of grade 1'));
    await actor.click(saveButton());
    await screen.findByText(/Saved as version 1\./);
    const [grade] = (sentMutations(requests)[0]!.variables.value as AnalystInput).grades;
    expect(grade).toMatchObject({ priceWhenPosted: 97 });
    expect(grade).not.toHaveProperty('priceTarget');
  });

  it('removes a grade row', async () => {
    const { actor } = await open();
    await actor.click(screen.getByRole('button', { name: 'Remove grade 1' }));
    expect(screen.getByText('No grades.')).toBeInTheDocument();
    await actor.click(saveButton());
    await screen.findByText(/Saved as version 1\./);
    expect(sentMutations(requests)[0]!.variables.value).toMatchObject({ grades: [] });
  });

  it('on a conflict reloads, keeps the draft, shows what changed meanwhile and saves at the new version', async () => {
    const { actor } = await open();
    server.write({ ...INGESTED, consensus: 'Strong Buy' }, 'other@example.com');
    await retype(actor, box('High target'), '160');
    await actor.click(saveButton());
    const alert = await screen.findByText(ANALYST_CONFLICT_MESSAGE);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    await actor.click(screen.getByRole('button', { name: 'Reload and keep my changes' }));
    expect(
      await screen.findByText(/Reloaded version 1\. Your changes are kept/),
    ).toBeInTheDocument();
    expect(box('High target')).toHaveValue(160);
    const meanwhile = screen.getByRole('table', { name: 'Changed meanwhile (now version 1)' });
    expect(within(meanwhile).getByRole('row', { name: 'Consensus Buy Strong Buy' })).toBeVisible();
    await actor.click(saveButton());
    await screen.findByText(/Saved as version 2\./);
    expect(sentMutations(requests).map((m) => m.variables.version)).toEqual([0, 1]);
  });

  it('restores a kept version after confirming', async () => {
    server.write({ ...INGESTED, consensus: 'Hold' });
    server.write({ ...INGESTED, consensus: 'Strong Buy' });
    const { actor } = await open();
    const first = await screen.findByRole('listitem', { name: 'Version 1' });
    expect(within(first).getByRole('row', { name: 'Consensus Buy Hold' })).toBeVisible();
    const current = screen.getByRole('listitem', { name: 'Version 2 (current)' });
    expect(within(current).queryByRole('button')).toBeNull();
    await actor.click(within(first).getByRole('button', { name: /Restore this version/ }));
    const dialog = screen.getByRole('dialog', { name: 'Restore version 1?' });
    await actor.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(/Version 1 restored as version 3\./)).toBeInTheDocument();
    expect(sentMutations(requests)).toEqual([
      { name: 'RestoreAnalyst', variables: { isin: ISIN, version: 1, expectedVersion: 2 } },
    ]);
    expect(screen.getByRole('combobox', { name: 'Consensus' })).toHaveValue('Hold');
  });

  it('asks before leaving with unsaved changes', async () => {
    const { actor, router } = await open();
    await retype(actor, box('Low target'), '95');
    await actor.click(screen.getByRole('link', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await actor.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/admin/settings/analyst');
    expect(box('Low target')).toHaveValue(95);
  });

  it('is read-only for an editor whose ANALYST update does not name the ISIN, saying why', async () => {
    server.write(INGESTED);
    amplify.signedInAs({ email: 'ed@example.com', groups: ['editor'] });
    const set = emptyPermissionSet();
    stub({ ...set, ANALYST: { ...set.ANALYST, read: [ISIN], update: ['GB0000000001'] } });
    await open();
    expect(screen.getByRole('note')).toHaveTextContent(
      `Read only: Your permission set allows changing the analyst data of other companies, not of ${ISIN}.`,
    );
    expect(box('Buy')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add a grade' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await screen.findByRole('listitem', { name: 'Version 1 (current)' });
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
  });

  it("says so when the server refuses reading this company's analyst data", async () => {
    amplify.signedInAs({ email: 'ed@example.com', groups: ['editor'] });
    const set = emptyPermissionSet();
    stub({ ...set, ANALYST: { ...set.ANALYST, read: ['GB0000000001'] } });
    server.readForbidden = true;
    renderApp(PATH, { signedIn: true });
    expect(
      await screen.findByText(
        `Your permission set does not allow reading the analyst data of ${ISIN}.`,
      ),
    ).toBeInTheDocument();
  });

  it('starts a company without analyst data empty, in its currency', async () => {
    server.item = { ...server.item, value: null };
    const { actor } = await open();
    expect(screen.getByText('No analyst data yet.')).toBeInTheDocument();
    expect(box('Low target')).toHaveValue(null);
    expect(screen.getByRole('textbox', { name: 'Currency' })).toHaveValue('USD');
    await actor.type(box('Low target'), '10');
    await actor.click(saveButton());
    expect(await screen.findByText('High target must be a number')).toBeInTheDocument();
    await actor.type(box('Mean target (consensus)'), '12');
    await actor.type(box('Median target'), '11');
    await actor.type(box('High target'), '15');
    await actor.click(saveButton());
    await waitFor(() =>
      expect(screen.getByText('Ratings need at least one analyst')).toBeInTheDocument(),
    );
    expect(sentMutations(requests)).toEqual([]);
  });
});
