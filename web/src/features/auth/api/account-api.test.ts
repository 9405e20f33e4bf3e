import { describe, expect, it, vi } from 'vitest';
import { emptyPermissionSet } from '../../../../../core/permissions';
import { loadPermissions, loadSubscription, postWithIdToken } from './account-api';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('subscription API client (SPEC §7)', () => {
  it('posts JSON with the ID token and reads the subscription (null when none)', async () => {
    const fetchImpl = vi.fn(async () => json({ email: 'a@x.com', subscription: null }));
    await expect(loadSubscription('a@x.com', 'tok', fetchImpl)).resolves.toBeNull();
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/subscription/user');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'tok',
    });
    expect(JSON.parse(String(init.body))).toEqual({ email: 'a@x.com' });
  });

  it('reads permissionSet.accessLevels, null without a set', async () => {
    const set = emptyPermissionSet();
    await expect(
      loadPermissions('a@x.com', 't', async () => json({ permissionSet: { accessLevels: set } })),
    ).resolves.toEqual(set);
    await expect(
      loadPermissions('a@x.com', 't', async () => json({ permissionSet: null })),
    ).resolves.toBeNull();
  });

  it('retries 503 up to 3 attempts in all, but not 404', async () => {
    const busy = vi.fn(async () => json({}, 503));
    const sleep = vi.fn(async () => {});
    await expect(postWithIdToken('/x', {}, 't', busy, sleep)).rejects.toMatchObject({
      status: 503,
    });
    expect(busy).toHaveBeenCalledTimes(3);
    const missing = vi.fn(async () => json({}, 404));
    await expect(postWithIdToken('/x', {}, 't', missing, sleep)).rejects.toMatchObject({
      status: 404,
    });
    expect(missing).toHaveBeenCalledTimes(1);
  });
});
