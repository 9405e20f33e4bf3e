import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DESCRIPTION_CONFLICT_MESSAGE,
  type CuratedDescription,
  type DescriptionVersion,
} from '@core/curation/description';
import { emptyPermissionSet, type PermissionSet } from '@core/permissions';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis, type RecordedRequest } from '../../../testing/render-app';
import { jsonResponse } from '../../../testing/test-utils';

// The route loads the screen lazily; loading it once here keeps that cold start out of findBy.
beforeAll(async () => {
  await import('./curation-screens');
});

const ISIN = 'US0000000001';
const PATH = '/admin/settings/description?symbol=ACME';
const INGESTED = 'Acme makes anvils.';

/** The server's side: the stored description and its kept versions. */
let stored: CuratedDescription;
let history: DescriptionVersion[];
/** What the next update answers instead of applying it (e.g. a Conflict). */
let nextUpdateError: { errorType: string; message: string } | undefined;
let requests: RecordedRequest[];
/** The server refuses the read (an editor whose set names other ISINs). */
let readForbidden = false;

interface GraphqlBody {
  readonly query: string;
  readonly variables: Record<string, unknown>;
}
const operations = () =>
  requests
    .filter((r) => r.url.endsWith('/graphql'))
    .map((r) => {
      const body = JSON.parse(String(r.init?.body)) as GraphqlBody;
      return {
        name: /^(?:query|mutation) (\w+)/.exec(body.query)?.[1],
        variables: body.variables,
        authorization: new Headers(r.init?.headers).get('Authorization'),
      };
    });
const mutations = () => operations().filter((o) => /Update|Restore/.test(o.name ?? ''));

function write(text: string, by = 'admin@example.com'): CuratedDescription {
  const version = stored.version + 1;
  history = [
    {
      isin: ISIN,
      version,
      before: stored.text,
      after: text,
      updatedAt: '2025-03-06T07:08:00.000Z',
      updatedBy: by,
    },
    ...history,
  ];
  stored = { isin: ISIN, text, version, updatedAt: '2025-03-06T07:08:00.000Z', updatedBy: by };
  return stored;
}

function graphql(init?: RequestInit): Response {
  const { query, variables } = JSON.parse(String(init?.body)) as GraphqlBody;
  const name = /^(?:query|mutation) (\w+)/.exec(query)?.[1];
  switch (name) {
    case 'CuratedDescription':
      if (readForbidden) {
        return jsonResponse({
          data: { curatedDescription: null },
          errors: [{ errorType: 'Forbidden', message: 'Forbidden' }],
        });
      }
      return jsonResponse({ data: { curatedDescription: stored } });
    case 'DescriptionHistory':
      return jsonResponse({ data: { descriptionHistory: history } });
    case 'UpdateDescription': {
      const error =
        nextUpdateError ??
        (variables.version !== stored.version
          ? { errorType: 'Conflict', message: DESCRIPTION_CONFLICT_MESSAGE }
          : undefined);
      nextUpdateError = undefined;
      if (error) return jsonResponse({ data: { updateDescription: null }, errors: [error] });
      return jsonResponse({ data: { updateDescription: write(String(variables.text).trim()) } });
    }
    case 'RestoreDescription': {
      const kept = history.find((v) => v.version === variables.version)!;
      return jsonResponse({ data: { restoreDescription: write(kept.after) } });
    }
    default:
      return jsonResponse({ errors: [{ message: `unknown ${name}` }] }, 400);
  }
}

const profile = {
  symbol: 'ACME',
  companyName: 'Acme Corp',
  isin: ISIN,
  description: INGESTED,
};

function stub(permissions?: PermissionSet) {
  requests = stubApis({
    ...(permissions && { permissions: { permissionSet: { accessLevels: permissions } } }),
    extra: {
      '/graphql': graphql,
      '/api/asset/stocks/profile/ACME': () => jsonResponse({ data: [profile] }),
    },
  });
}

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: 'admin@example.com', groups: ['admin'] });
  stored = { isin: ISIN, text: INGESTED, version: 0, updatedAt: null, updatedBy: null };
  history = [];
  nextUpdateError = undefined;
  readForbidden = false;
  stub();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

const textBox = () => screen.getByRole('textbox', { name: 'Description text' });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

async function open() {
  const actor = userEvent.setup();
  const app = renderApp(PATH, { signedIn: true });
  await screen.findByRole('heading', { name: 'Description of Acme Corp' });
  return { actor, ...app };
}

async function replaceText(actor: ReturnType<typeof userEvent.setup>, text: string) {
  await actor.clear(textBox());
  await actor.type(textBox(), text);
}

describe('description curation screen', () => {
  it('shows the company with its ISIN, the ingested text, its count, limit and preview', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Descriptions');
    expect(screen.getByText(ISIN)).toBeInTheDocument();
    expect(screen.getByText('Never curated: showing the ingested text.')).toBeInTheDocument();
    expect(textBox()).toHaveValue(INGESTED);
    expect(textBox()).toHaveAccessibleDescription(/1 to 5,000 characters/);
    expect(screen.getByText(`${INGESTED.length} of 5,000 characters`)).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText(INGESTED)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(operations()[0]).toMatchObject({
      name: 'CuratedDescription',
      variables: { isin: ISIN },
      authorization: 'id-token-of-admin@example.com',
    });
  });

  it('previews markup as text and refuses it before sending anything', async () => {
    const { actor } = await open();
    await replaceText(actor, 'Bold <b>claims</b>');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Bold <b>claims</b>')).toBeInTheDocument();
    expect(preview.querySelector('b')).toBeNull();
    await actor.click(saveButton());
    expect(
      await screen.findByText('The description is plain text: HTML tags are not allowed'),
    ).toBeInTheDocument();
    expect(textBox()).toHaveAttribute('aria-invalid', 'true');
    expect(mutations()).toHaveLength(0);
  });

  it('saves with the version it started from and announces the result', async () => {
    const { actor } = await open();
    await replaceText(actor, '  Acme makes rockets.  ');
    expect(screen.getByText('19 of 5,000 characters')).toBeInTheDocument();
    await actor.click(saveButton());
    const status = await screen.findByText(/Saved as version 1\./);
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(mutations()).toEqual([
      {
        name: 'UpdateDescription',
        variables: { isin: ISIN, text: 'Acme makes rockets.', version: 0 },
        authorization: 'id-token-of-admin@example.com',
      },
    ]);
    expect(textBox()).toHaveValue('Acme makes rockets.');
    expect(
      await screen.findByText(/Last changed by admin@example.com on 2025-03-06 at 07:08 UTC/),
    ).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('on a conflict offers Reload, keeps the draft, and saves at the reloaded version', async () => {
    const { actor } = await open();
    // Someone else saves meanwhile.
    write('Changed elsewhere.', 'other@example.com');
    await replaceText(actor, 'My draft.');
    await actor.click(saveButton());
    const alert = await screen.findByText(DESCRIPTION_CONFLICT_MESSAGE);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    await actor.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText(/Reloaded version 1\. Your draft is kept/)).toBeInTheDocument();
    expect(textBox()).toHaveValue('My draft.');
    const storedNow = screen.getByRole('region', { name: 'Stored text now (version 1)' });
    expect(within(storedNow).getByText('Changed elsewhere.')).toBeInTheDocument();
    await actor.click(saveButton());
    await screen.findByText(/Saved as version 2\./);
    expect(mutations().map((m) => m.variables.version)).toEqual([0, 1]);
  });

  it('lists the history as diffs and restores a version after confirming', async () => {
    write('Acme makes rockets.');
    write('Acme makes rockets and anvils.');
    const { actor } = await open();
    const first = await screen.findByRole('listitem', { name: 'Version 1' });
    expect(first.querySelector('del')).toHaveTextContent('anvils');
    expect(first.querySelector('ins')).toHaveTextContent('rockets');
    expect(within(first).getByText(/Changed by admin@example.com on 2025-03-06/)).toBeVisible();
    // The current version offers no restore.
    const current = screen.getByRole('listitem', { name: 'Version 2 (current)' });
    expect(within(current).queryByRole('button')).toBeNull();

    await actor.click(within(first).getByRole('button', { name: /Restore this version/ }));
    const dialog = screen.getByRole('dialog', { name: 'Restore version 1?' });
    await actor.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(/Version 1 restored as version 3\./)).toBeInTheDocument();
    expect(mutations()).toEqual([
      expect.objectContaining({
        name: 'RestoreDescription',
        variables: { isin: ISIN, version: 1, expectedVersion: 2 },
      }),
    ]);
    expect(textBox()).toHaveValue('Acme makes rockets.');
  });

  it('asks before leaving with unsaved changes', async () => {
    const { actor, router } = await open();
    await replaceText(actor, 'Unsaved.');
    await actor.click(screen.getByRole('link', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await actor.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/admin/settings/description');
    expect(textBox()).toHaveValue('Unsaved.');
    await actor.click(screen.getByRole('link', { name: 'Settings' }));
    await actor.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Leave and discard changes',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/settings'));
  });

  it('shows an editor without DESCRIPTION update everything read-only, saying why', async () => {
    write('Acme makes rockets.');
    amplify.signedInAs({ email: 'ed@example.com', groups: ['editor'] });
    const set = emptyPermissionSet();
    stub({ ...set, DESCRIPTION: { ...set.DESCRIPTION, read: [ISIN] } });
    await open();
    expect(textBox()).toHaveAttribute('readonly');
    expect(screen.getByRole('note')).toHaveTextContent(
      'Read only: Your permission set does not allow changing descriptions.',
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await screen.findByRole('listitem', { name: 'Version 1 (current)' });
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
  });

  it('is read-only for an editor whose update names another ISIN', async () => {
    amplify.signedInAs({ email: 'ed@example.com', groups: ['editor'] });
    const set = emptyPermissionSet();
    stub({ ...set, DESCRIPTION: { ...set.DESCRIPTION, read: ['ALL'], update: ['GB0000000001'] } });
    await open();
    expect(textBox()).toHaveAttribute('readonly');
    expect(screen.getByRole('note')).toHaveTextContent(/other companies, not of US0000000001/);
  });

  it("says so when the server refuses reading this company's description", async () => {
    amplify.signedInAs({ email: 'ed@example.com', groups: ['editor'] });
    const set = emptyPermissionSet();
    stub({ ...set, DESCRIPTION: { ...set.DESCRIPTION, read: ['GB0000000001'] } });
    readForbidden = true;
    renderApp(PATH, { signedIn: true });
    expect(
      await screen.findByText(
        `Your permission set does not allow reading the description of ${ISIN}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Description text' })).toBeNull();
  });
});
