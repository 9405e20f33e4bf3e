import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as amplify from '../auth/testing/amplify-mock';
import { renderApp, stubApis, type RecordedRequest } from '../auth/testing/render-app';
import { flattenUser } from './admin-api';

vi.mock('aws-amplify', () => import('../auth/testing/amplify-mock'));
vi.mock('aws-amplify/auth', () => import('../auth/testing/amplify-mock'));
vi.mock('aws-amplify/utils', () => import('../auth/testing/amplify-mock'));

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
