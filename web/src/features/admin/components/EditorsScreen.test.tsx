import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyPermissionSet, type PermissionSet } from '@core/permissions';
import { ISIN_MESSAGE } from '@core/isin';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, type RecordedRequest } from '../../../testing/render-app';
import { jsonResponse, stubAdminApi, type AdminRequest } from '../testing/admin-api-stub';

// The routes load the admin screens lazily; loading them once here keeps that cold start out of
// the first test's findBy time-outs.
beforeAll(async () => {
  await import('./admin-screens');
});

const APPLE = 'US0378331005';
const MICROSOFT = 'US5949181045';

const editor = (email: string) => ({
  Username: `${email}-sub`,
  Attributes: [{ Name: 'email', Value: email }],
  Enabled: true,
  UserStatus: 'CONFIRMED',
  UserCreateDate: '2025-01-02T03:04:05.000Z',
});

/** ed@example.com's stored set: read every stock, update Apple, read Shariah. */
const storedSet = (): PermissionSet => {
  const set = emptyPermissionSet();
  return {
    ...set,
    STOCKS: { ...set.STOCKS, read: ['ALL'], update: [APPLE] },
    SHARIAH: { ...set.SHARIAH, read: ['ALL'] },
  };
};

let stored: Record<string, PermissionSet | null>;
/** The server's side of each set: its version and last change. */
let versions: Record<string, number>;
let lastChanges: Record<string, { by: string; at: string } | null>;
let putAnswer: (request: AdminRequest) => Response;
let requests: RecordedRequest[];

const CONFLICT =
  'The permission set was changed by someone else since you loaded it — reload it and make your change again.';
const view = (email: string) => ({
  email,
  permissionSet: stored[email] ? { accessLevels: stored[email] } : null,
  version: versions[email] ?? 0,
  lastChange: lastChanges[email] ?? null,
});
/** Another admin saves `set` (the version moves on). */
const savedElsewhere = (email: string, set: PermissionSet) => {
  stored[email] = set;
  versions[email] = (versions[email] ?? 0) + 1;
  lastChanges[email] = { by: 'other@example.com', at: '2025-03-05T10:20:30.000Z' };
};

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: 'admin@example.com', groups: ['admin'] });
  stored = { 'ed@example.com': storedSet(), 'new@example.com': null };
  versions = { 'ed@example.com': 4 };
  lastChanges = { 'ed@example.com': { by: 'boss@example.com', at: '2025-03-04T05:06:07.000Z' } };
  putAnswer = ({ body }) => {
    const { email, permissionSet, version } = body as {
      email: string;
      permissionSet: PermissionSet;
      version: number;
    };
    // The API's conditional write: only at the stored version.
    if (version !== (versions[email] ?? 0)) return jsonResponse({ message: CONFLICT }, 409);
    stored[email] = permissionSet;
    versions[email] = version + 1;
    lastChanges[email] = { by: 'admin@example.com', at: '2025-03-06T00:00:00.000Z' };
    return jsonResponse(view(email));
  };
  requests = stubAdminApi({
    '/api/admin/listUsersInGroup': () =>
      jsonResponse({ Users: [editor('ed@example.com'), editor('new@example.com')] }),
    '/api/admin/editorPermissions': (request) => {
      if (request.method === 'PUT') return putAnswer(request);
      const email = request.url.searchParams.get('email') ?? '';
      if (stored[email] === undefined) return jsonResponse({ message: 'User not found' }, 404);
      return jsonResponse(view(email));
    },
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

/** Opens the editors screen and picks an editor from the list. */
async function openEditor(email: string) {
  const actor = userEvent.setup();
  renderApp('/admin/settings/editors', { signedIn: true });
  const table = await screen.findByRole('table', { name: 'Editors' });
  await actor.click(within(table).getByRole('link', { name: `Permissions of ${email}` }));
  const editorSection = await screen.findByRole('region', { name: `Permissions of ${email}` });
  await within(editorSection).findByRole('button', { name: 'Save' });
  return { actor, editorSection };
}

const group = (name: string) => screen.getByRole('group', { name });
const radio = (groupName: string, label: string) =>
  within(group(groupName)).getByRole('radio', { name: label });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const puts = () => requests.filter((r) => r.init?.method === 'PUT');

describe('editors and their permission sets (SPEC §3, §6)', () => {
  it("loads the chosen editor's set with the ID token and shows it", async () => {
    const { actor, editorSection } = await openEditor('ed@example.com');
    expect(within(editorSection).getByRole('heading', { level: 2 })).toHaveFocus();
    const get = requests.find((r) => r.url.startsWith('/api/admin/editorPermissions'))!;
    expect(get.url).toBe('/api/admin/editorPermissions?email=ed%40example.com');
    expect(new Headers(get.init?.headers).get('Authorization')).toBe(
      'id-token-of-admin@example.com',
    );

    expect(radio('Stocks: Read', 'All items')).toBeChecked();
    expect(radio('Stocks: Update', 'Specific items')).toBeChecked();
    expect(within(group('Stocks: Update')).getByText(APPLE)).toBeInTheDocument();
    expect(radio('Stocks: Create', 'None')).toBeChecked();
    expect(radio('Sheets: Read', 'None')).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Shariah: Read' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Users: Read' })).not.toBeChecked();
    // GENERAL resources have no per-item choices.
    expect(within(group('Shariah')).queryAllByRole('radio')).toHaveLength(0);

    expect(screen.getByRole('heading', { name: 'What this editor may do' })).toBeInTheDocument();
    expect(summaryLines()).toEqual([`Stocks: read all items; update ${APPLE}`, 'Shariah: read']);
    expect(saveButton()).toBeDisabled();

    await actor.click(within(editorSection).getByRole('link', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: /Permissions of/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Editors');
  });

  it('toggles GENERAL read (read = ALL) and saves it', async () => {
    const { actor } = await openEditor('ed@example.com');
    await actor.click(screen.getByRole('checkbox', { name: 'Shariah: Read' }));
    await actor.click(screen.getByRole('checkbox', { name: 'Users: Read' }));
    expect(summaryLines()).toEqual([`Stocks: read all items; update ${APPLE}`, 'Users: read']);
    expect(
      screen.getByRole('heading', { name: 'What this editor may do once saved' }),
    ).toBeInTheDocument();

    await actor.click(saveButton());
    await waitFor(() => expect(puts()).toHaveLength(1));
    const { permissionSet } = JSON.parse(String(puts()[0]!.init?.body)) as {
      permissionSet: PermissionSet;
    };
    expect(permissionSet.SHARIAH).toEqual({
      read: [],
      create: [],
      update: [],
      delete: [],
      GENERAL: true,
    });
    expect(permissionSet.USERS.read).toEqual(['ALL']);
  });

  it('adds and removes ISINs with validation messages', async () => {
    const { actor } = await openEditor('ed@example.com');
    await actor.click(radio('Sheets: Read', 'Specific items'));
    const sheetsRead = group('Sheets: Read');
    expect(within(sheetsRead).getByText('No items yet: nothing is allowed.')).toBeInTheDocument();
    const input = within(sheetsRead).getByRole('textbox', { name: 'Add ISIN to Sheets read' });
    const add = within(sheetsRead).getByRole('button', { name: 'Add to Sheets read' });

    await actor.click(add);
    expect(within(sheetsRead).getByRole('alert')).toHaveTextContent('Enter an ISIN to add.');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await actor.type(input, 'US03783310');
    expect(within(sheetsRead).queryByRole('alert')).not.toBeInTheDocument();
    await actor.click(add);
    expect(within(sheetsRead).getByRole('alert')).toHaveTextContent(
      `“US03783310” ${ISIN_MESSAGE}.`,
    );

    // Trimmed and upper-cased; Enter adds without submitting the form.
    await actor.clear(input);
    await actor.type(input, `  ${MICROSOFT.toLowerCase()} {Enter}`);
    expect(within(sheetsRead).queryByRole('alert')).not.toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(within(sheetsRead).getByText(MICROSOFT)).toBeInTheDocument();
    expect(puts()).toHaveLength(0);

    await actor.type(input, `${MICROSOFT}{Enter}`);
    expect(within(sheetsRead).getByRole('alert')).toHaveTextContent(
      `${MICROSOFT} is already in the list.`,
    );
    await actor.clear(input);
    await actor.type(input, `${APPLE}{Enter}`);
    expect(summaryLines()).toContain(`Sheets: read ${MICROSOFT}, ${APPLE}`);
    expect(saveButton()).toBeEnabled();

    await actor.click(
      within(sheetsRead).getByRole('button', { name: `Remove ${MICROSOFT} from Sheets read` }),
    );
    await actor.click(
      within(sheetsRead).getByRole('button', { name: `Remove ${APPLE} from Sheets read` }),
    );
    expect(within(sheetsRead).queryByRole('listitem')).not.toBeInTheDocument();
    // Back to what is stored: nothing to save.
    expect(saveButton()).toBeDisabled();
  });

  it('grants "all items" and removes a single-item grant', async () => {
    const { actor } = await openEditor('ed@example.com');
    await actor.click(radio('Descriptions: Delete', 'All items'));
    await actor.click(radio('Stocks: Update', 'None'));
    expect(summaryLines()).toEqual([
      'Stocks: read all items',
      'Descriptions: delete all items',
      'Shariah: read',
    ]);
    // The items stay in the draft while another choice is made.
    await actor.click(radio('Stocks: Update', 'Specific items'));
    expect(within(group('Stocks: Update')).getByText(APPLE)).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });

  it('saves the whole set with PUT /api/admin/editorPermissions and reads it again', async () => {
    const { actor } = await openEditor('ed@example.com');
    await actor.click(radio('Analysts: Create', 'All items'));
    await actor.click(radio('Stocks: Read', 'Specific items'));
    await actor.type(
      within(group('Stocks: Read')).getByRole('textbox', { name: 'Add ISIN to Stocks read' }),
      `${MICROSOFT}{Enter}`,
    );
    await actor.click(screen.getByRole('checkbox', { name: 'Users: Read' }));
    await actor.click(saveButton());

    await waitFor(() =>
      expect(screen.getByText('The permission set of ed@example.com was saved.')).toHaveAttribute(
        'role',
        'status',
      ),
    );
    const [put] = puts();
    expect(put!.url).toBe('/api/admin/editorPermissions');
    const headers = new Headers(put!.init?.headers);
    expect(headers.get('Authorization')).toBe('id-token-of-admin@example.com');
    expect(headers.get('Content-Type')).toBe('application/json');
    const none = { read: [], create: [], update: [], delete: [] };
    expect(JSON.parse(String(put!.init?.body))).toEqual({
      email: 'ed@example.com',
      version: 4,
      permissionSet: {
        STOCKS: { read: [MICROSOFT], create: [], update: [APPLE], delete: [] },
        SHEETS: none,
        ANALYST: { ...none, create: ['ALL'] },
        DESCRIPTION: none,
        SHARIAH: { ...none, read: ['ALL'], GENERAL: true },
        USERS: { ...none, read: ['ALL'], GENERAL: true },
      },
    });
    // Read again after the save; the form now matches what is stored.
    await waitFor(() =>
      expect(requests.filter((r) => r.url.includes('editorPermissions?'))).toHaveLength(2),
    );
    expect(saveButton()).toBeDisabled();
    expect(summaryLines()).toEqual([
      `Stocks: read ${MICROSOFT}; update ${APPLE}`,
      'Analysts: create all items',
      'Shariah: read',
      'Users: read',
    ]);
  });

  it('saves again after a save, naming the version the first save wrote', async () => {
    const { actor } = await openEditor('ed@example.com');
    await actor.click(screen.getByRole('checkbox', { name: 'Users: Read' }));
    await actor.click(saveButton());
    await screen.findByText('The permission set of ed@example.com was saved.');
    await actor.click(screen.getByRole('checkbox', { name: 'Shariah: Read' }));
    await actor.click(saveButton());
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(
      puts().map((put) => (JSON.parse(String(put.init?.body)) as { version: number }).version),
    ).toEqual([4, 5]);
    expect(
      await screen.findByText('The permission set of ed@example.com was saved.'),
    ).toBeInTheDocument();
    expect(stored['ed@example.com']?.SHARIAH.read).toEqual([]);
  });

  it('shows a failed save as an alert and keeps the changes', async () => {
    const tooMany = 'permissionSet: A permission set lists at most 1000 item identifiers in all';
    putAnswer = () => jsonResponse({ message: tooMany }, 400);
    const { actor } = await openEditor('ed@example.com');
    await actor.click(screen.getByRole('checkbox', { name: 'Users: Read' }));
    await actor.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The permission set could not be saved: ${tooMany}.`,
    );
    expect(saveButton()).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Users: Read' })).toBeChecked();
    expect(stored['ed@example.com']).toEqual(storedSet());
    // The next edit clears the stale failure.
    await actor.click(screen.getByRole('checkbox', { name: 'Shariah: Read' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows who changed the set last, and the new change after a save', async () => {
    const { actor, editorSection } = await openEditor('ed@example.com');
    expect(
      within(editorSection).getByText(
        'Last changed by boss@example.com on 2025-03-04 at 05:06 UTC.',
      ),
    ).toBeInTheDocument();
    await actor.click(screen.getByRole('checkbox', { name: 'Users: Read' }));
    await actor.click(saveButton());
    expect(
      await within(editorSection).findByText(
        'Last changed by admin@example.com on 2025-03-06 at 00:00 UTC.',
      ),
    ).toBeInTheDocument();
  });

  it('refuses a save over someone else’s change (409) and offers to reload it', async () => {
    const { actor } = await openEditor('ed@example.com');
    const theirs = {
      ...emptyPermissionSet(),
      SHEETS: { ...emptyPermissionSet().SHEETS, read: ['ALL'] },
    };
    savedElsewhere('ed@example.com', theirs);
    await actor.click(screen.getByRole('checkbox', { name: 'Users: Read' }));
    await actor.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`The permission set could not be saved: ${CONFLICT}.`);
    expect(JSON.parse(String(puts()[0]!.init?.body))).toMatchObject({ version: 4 });
    // Nothing of theirs was overwritten; the admin's draft is still on screen.
    expect(stored['ed@example.com']).toEqual(theirs);
    expect(screen.getByRole('checkbox', { name: 'Users: Read' })).toBeChecked();

    await actor.click(
      within(alert).getByRole('button', { name: 'Reload the stored set (drops your changes)' }),
    );
    await waitFor(() => expect(summaryLines()).toEqual(['Sheets: read all items']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Users: Read' })).not.toBeChecked();
    expect(
      screen.getByText('Last changed by other@example.com on 2025-03-05 at 10:20 UTC.'),
    ).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    // Saving again now names the version just loaded.
    await actor.click(screen.getByRole('checkbox', { name: 'Users: Read' }));
    await actor.click(saveButton());
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(JSON.parse(String(puts()[1]!.init?.body))).toMatchObject({ version: 5 });
    expect(
      await screen.findByText('The permission set of ed@example.com was saved.'),
    ).toBeInTheDocument();
  });

  it('offers no reload for other failures', async () => {
    putAnswer = () => jsonResponse({ message: 'Service unavailable' }, 503);
    const { actor } = await openEditor('ed@example.com');
    await actor.click(screen.getByRole('checkbox', { name: 'Users: Read' }));
    await actor.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });

  it('starts an editor without a stored set from the empty set', async () => {
    await openEditor('new@example.com');
    expect(screen.getByText(/No permission set is stored for this account yet/)).toBeVisible();
    expect(screen.getByText('Nothing: every list is empty.')).toBeInTheDocument();
    expect(radio('Stocks: Read', 'None')).toBeChecked();
    expect(saveButton()).toBeDisabled();
  });

  it('says so when no account has the e-mail (404)', async () => {
    renderApp('/admin/settings/editors?editor=ghost%40example.com', { signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No account has the e-mail ghost@example.com, so it has no permission set.',
    );
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

/** The plain-language summary under "What this editor may do". */
function summaryLines(): string[] {
  const list = screen.getByRole('list', { name: /^What this editor may do/ });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}
