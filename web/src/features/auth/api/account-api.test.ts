import { describe, expect, it, vi } from 'vitest';
import { emptyPermissionSet } from '@core/permissions';
import { loadPermissions, loadSubscription } from './account-api';
import { jsonResponse as json, mockFetchPerTest } from '../../../testing/test-utils';

const fetchMock = mockFetchPerTest();

describe('subscription API client (SPEC §7)', () => {
  it('posts JSON with the ID token and reads the subscription (null when none)', async () => {
    fetchMock.mockResolvedValue(json({ email: 'a@x.com', subscription: null }));
    await expect(loadSubscription('a@x.com', 'tok')).resolves.toBeNull();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/subscription/user');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(init?.headers).get('Authorization')).toBe('tok');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'a@x.com' });
  });

  it('reads permissionSet.accessLevels, null without a set', async () => {
    const set = emptyPermissionSet();
    fetchMock.mockResolvedValueOnce(json({ permissionSet: { accessLevels: set } }));
    await expect(loadPermissions('a@x.com', 't')).resolves.toEqual(set);
    fetchMock.mockResolvedValueOnce(json({ permissionSet: null }));
    await expect(loadPermissions('a@x.com', 't')).resolves.toBeNull();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/subscription/permissions');
  });

  it('retries 503 up to 3 attempts in all, but not 404', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json({ message: 'Busy' }, 503));
    const busy = loadSubscription('a@x.com', 't').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await busy).toMatchObject({ status: 503, message: 'Busy' });
    expect(fetchMock).toHaveBeenCalledTimes(3);

    fetchMock.mockClear();
    fetchMock.mockImplementation(async () => json({ message: 'User not found' }, 404));
    await expect(loadSubscription('a@x.com', 't')).rejects.toMatchObject({ status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
