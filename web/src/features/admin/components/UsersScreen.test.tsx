import { screen, waitFor, within } from '@testing-library/react';
import { ALL, emptyPermissionSet } from '@core/permissions';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis, type RecordedRequest } from '../../../testing/render-app';
import { flattenUser } from '../api/admin-api';
import { jsonResponse, stubAdminApi } from '../testing/admin-api-stub';

const user = (email: string, enabled: boolean) => ({
  Username: `${email}-sub`,
  Attributes: [
    { Name: 'email', Value: email },
    { Name: 'phone_number', Value: '+15550100003' },
  ],
  Enabled: enabled,
  UserStatus: 'CONFIRMED',
  UserCreateDate: '2025-01-02T03:04:05.000Z',
});

// The routes load the admin screens lazily; loading them once here keeps that cold start (module
// transforms on a busy machine) out of the first test's findBy time-outs.
beforeAll(async () => {
  await import('./admin-screens');
});

let users = [user('ann@example.com', true), user('bob@example.com', false)];
let requests: RecordedRequest[];

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: 'admin@example.com', groups: ['admin'] });
  users = [user('ann@example.com', true), user('bob@example.com', false)];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  requests = stubApis({
    extra: {
      '/api/admin/listUsersInGroup': () => json({ Users: [users[0]] }),
      '/api/admin/listUsers': () => json({ Users: users }),
      '/api/admin/disableUser': (init) => {
        const { username } = JSON.parse(String(init?.body)) as { username: string };
        users = users.map((u) => (u.Username === username ? { ...u, Enabled: false } : u));
        return json({ message: `Disabled ${username}` });
      },
    },
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('admin users (SPEC §3, §4, §7)', () => {
  it('flattens Attributes into the user object', () => {
    expect(flattenUser(user('ann@example.com', true))).toMatchObject({
      Username: 'ann@example.com-sub',
      email: 'ann@example.com',
      phone_number: '+15550100003',
      Enabled: true,
    });
  });

  it('lists the users with the ID token and disables one with POST /api/admin/disableUser', async () => {
    const actor = userEvent.setup();
    renderApp('/admin/settings/users', { signedIn: true });
    const table = await screen.findByRole('table');
    const ann = within(table).getByRole('row', { name: /ann@example.com/ });
    expect(ann).toHaveTextContent('+15550100003');
    expect(ann).toHaveTextContent('2025-01-02');
    const list = requests.find((r) => r.url.startsWith('/api/admin/listUsers'))!;
    expect(new Headers(list.init?.headers).get('Authorization')).toBe(
      'id-token-of-admin@example.com',
    );
    await actor.click(within(ann).getByRole('button', { name: 'Disable ann@example.com' }));
    // Confirmed first: nothing is sent until then, and Cancel sends nothing at all.
    await actor.click(within(ann).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.url === '/api/admin/disableUser')).toBe(false);
    await actor.click(within(ann).getByRole('button', { name: 'Disable ann@example.com' }));
    const confirm = within(ann).getByRole('group', { name: 'Confirm disabling ann@example.com' });
    expect(requests.some((r) => r.url === '/api/admin/disableUser')).toBe(false);
    await actor.click(within(confirm).getByRole('button', { name: 'Disable account' }));
    await waitFor(() =>
      expect(within(ann).getByRole('button', { name: 'Enable ann@example.com' })).toBeEnabled(),
    );
    const post = requests.find((r) => r.url === '/api/admin/disableUser')!;
    expect(post.init?.method).toBe('POST');
    expect(JSON.parse(String(post.init?.body))).toEqual({ username: 'ann@example.com-sub' });
    expect(screen.getByText('The account was disabled.')).toBeInTheDocument();
  });

  it('lists the editors with GET /api/admin/listUsersInGroup?groupname=editor', async () => {
    renderApp('/admin/settings/editors', { signedIn: true });
    const table = await screen.findByRole('table');
    expect(table).toHaveTextContent('ann@example.com');
    expect(requests.some((r) => r.url === '/api/admin/listUsersInGroup?groupname=editor')).toBe(
      true,
    );
  });
});

describe('admin users: pages and filter', () => {
  const pages: Record<string, { Users: ReturnType<typeof user>[]; NextToken?: string }> = {
    first: {
      Users: [user('ann@example.com', true), user('bob@example.com', false)],
      NextToken: 'page 2/3',
    },
    'page 2/3': { Users: [user('cy@example.org', true)] },
  };

  it('pages through every account with the NextToken and "Load more accounts"', async () => {
    const actor = userEvent.setup();
    const requests = stubAdminApi({
      '/api/admin/listUsers': ({ url }) => {
        const page = pages[url.searchParams.get('token') ?? 'first'];
        return page ? jsonResponse(page) : jsonResponse({ message: 'Bad token' }, 400);
      },
    });
    renderApp('/admin/settings/users', { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Accounts' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('2 accounts loaded, more to load.')).toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Load more accounts' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByRole('row', { name: /cy@example.org/ })).toBeInTheDocument();
    expect(requests.map((r) => r.url).filter((u) => u.includes('listUsers'))).toEqual([
      '/api/admin/listUsers',
      '/api/admin/listUsers?token=page%202%2F3',
    ]);
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(screen.getByText('3 accounts loaded.')).toBeInTheDocument();
  });

  it('says so when the next page fails, and "Load more accounts" tries again', async () => {
    const actor = userEvent.setup();
    let failures = 1;
    stubAdminApi({
      '/api/admin/listUsers': ({ url }) => {
        if (!url.searchParams.has('token')) return jsonResponse(pages.first);
        if (failures-- > 0) return jsonResponse({ message: 'Directory unavailable' }, 503);
        return jsonResponse(pages['page 2/3']);
      },
    });
    renderApp('/admin/settings/users', { signedIn: true });
    await actor.click(await screen.findByRole('button', { name: 'Load more accounts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'More accounts could not be loaded: Directory unavailable.',
    );
    await actor.click(screen.getByRole('button', { name: 'Load more accounts' }));
    expect(await screen.findByRole('row', { name: /cy@example.org/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('filters accounts by e-mail prefix on the server, once typing pauses, and keeps Enable/Disable', async () => {
    const actor = userEvent.setup();
    const everyone = [...pages.first!.Users, ...pages['page 2/3']!.Users];
    const requests = stubAdminApi({
      '/api/admin/listUsers': ({ url }) => {
        const prefix = (url.searchParams.get('email') ?? '').toLowerCase();
        if (!prefix) return jsonResponse(pages.first);
        const Users = everyone.filter((u) =>
          (u.Attributes.find((a) => a.Name === 'email')?.Value ?? '').startsWith(prefix),
        );
        return jsonResponse({ Users });
      },
    });
    renderApp('/admin/settings/users', { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Accounts' });
    const filter = screen.getByRole('searchbox', { name: 'Filter by e-mail' });
    const listings = () =>
      requests.map((r) => r.url).filter((u) => u.startsWith('/api/admin/listUsers'));

    await actor.type(filter, ' BOB@ ');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const bob = within(table).getByRole('row', { name: /bob@example.com/ });
    expect(within(bob).getByRole('button', { name: 'Enable bob@example.com' })).toBeEnabled();
    expect(screen.getByText('E-mail containing “BOB@”: 1 account loaded.')).toBeInTheDocument();
    // Debounced: one request for the settled text (trimmed), none per keystroke.
    expect(listings()).toEqual(['/api/admin/listUsers', '/api/admin/listUsers?email=BOB%40']);

    await actor.clear(filter);
    await actor.type(filter, 'cy');
    // An account on a page not loaded before: the server searched every account.
    expect(await within(table).findByRole('row', { name: /cy@example.org/ })).toBeInTheDocument();

    await actor.clear(filter);
    await actor.type(filter, 'zed');
    expect(await screen.findByText('No account’s e-mail contains “zed”.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await actor.clear(filter);
    expect(within(await screen.findByRole('table')).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('2 accounts loaded, more to load.')).toBeInTheDocument();
  });

  it('keeps the filter box when a filtered list fails, so the filter can be changed', async () => {
    const actor = userEvent.setup();
    stubAdminApi({
      '/api/admin/listUsers': ({ url }) =>
        url.searchParams.has('email')
          ? jsonResponse({ message: 'email: email cannot contain control characters' }, 400)
          : jsonResponse(pages.first),
    });
    renderApp('/admin/settings/users', { signedIn: true });
    const filter = await screen.findByRole('searchbox', { name: 'Filter by e-mail' });
    await actor.type(filter, 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The accounts could not be loaded: email: email cannot contain control characters.',
    );
    await actor.clear(filter);
    expect(within(await screen.findByRole('table')).getAllByRole('row')).toHaveLength(3);
  });
});

describe('admin users as an editor (SPEC §6: USERS read)', () => {
  const set = emptyPermissionSet();
  const usersRead = { ...set, USERS: { ...set.USERS, read: [ALL] } };

  it('shows an editor with USERS read the list, read-only: no Enable or Disable', async () => {
    amplify.signedInAs({ email: 'ed@example.com', groups: ['editor'] });
    const requests = stubAdminApi(
      { '/api/admin/listUsers': () => jsonResponse({ Users: users }) },
      { permissions: { permissionSet: { accessLevels: usersRead } } },
    );
    renderApp('/admin/settings/users', { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Accounts' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Action' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Read only: enabling and disabling accounts is for admins.'),
    ).toBeInTheDocument();
    const list = requests.find((r) => r.url.startsWith('/api/admin/listUsers'))!;
    expect(new Headers(list.init?.headers).get('Authorization')).toBe('id-token-of-ed@example.com');
  });

  it('sends an editor without USERS read to /401, calling nothing', async () => {
    amplify.signedInAs({ email: 'ed@example.com', groups: ['editor'] });
    const requests = stubAdminApi(
      { '/api/admin/listUsers': () => jsonResponse({ Users: users }) },
      { permissions: { permissionSet: { accessLevels: set } } },
    );
    const { router } = renderApp('/admin/settings/users', { signedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/401'));
    expect(requests.some((r) => r.url.startsWith('/api/admin/'))).toBe(false);
  });

  it('keeps Enable and Disable for admins', async () => {
    stubAdminApi({ '/api/admin/listUsers': () => jsonResponse({ Users: users }) });
    renderApp('/admin/settings/users', { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Accounts' });
    expect(within(table).getAllByRole('button')).toHaveLength(2);
    expect(screen.queryByText(/Read only/)).not.toBeInTheDocument();
  });
});
