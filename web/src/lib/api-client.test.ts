import { describe, expect, it, vi } from 'vitest';
import { ApiError, requestJson } from './api-client';
import { jsonResponse as json, mockFetchPerTest } from '../testing/test-utils';

const fetchMock = mockFetchPerTest();

const sent = (call = 0) => {
  const [url, init] = fetchMock.mock.calls[call]!;
  return { url, init: init!, headers: new Headers(init!.headers) };
};

describe('requestJson (SPEC §7)', () => {
  it('GETs JSON without a body or token by default', async () => {
    fetchMock.mockResolvedValue(json({ ok: 1 }));
    await expect(requestJson('/api/x')).resolves.toEqual({ ok: 1 });
    const { url, init, headers } = sent();
    expect(url).toBe('/api/x');
    expect(init.method).toBe('GET');
    expect(init.body).toBeNull();
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('sends a JSON body with its content type and the ID token as Authorization', async () => {
    fetchMock.mockResolvedValue(json({}));
    await requestJson('/api/y', { method: 'POST', body: { email: 'a@x.com' }, idToken: 'tok' });
    const { init, headers } = sent();
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'a@x.com' });
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBe('tok');
  });

  it('answers an empty body with undefined', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(requestJson('/api/z', { method: 'POST', body: {} })).resolves.toBeUndefined();
  });

  it("throws ApiError with the API's message and the status, else a generic message", async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Unknown symbol' }, 404));
    await expect(requestJson('/a')).rejects.toEqual(new ApiError(404, 'Unknown symbol'));
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await requestJson('/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, message: 'Request failed (502)' });
  });

  it("keeps the API's reason, which tells one 404 from another", async () => {
    const body = { message: '^N225 is not covered by the data plan', reason: 'not-covered' };
    fetchMock.mockResolvedValueOnce(json(body, 404));
    const error = await requestJson('/a').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, message: body.message, reason: 'not-covered' });
  });

  it('makes one attempt unless asked to retry', async () => {
    fetchMock.mockResolvedValue(json({}, 503));
    await expect(requestJson('/a')).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('with retry: up to 3 attempts for 503, one for 404', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json({}, 503));
    const busy = requestJson('/a', { retry: true }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await busy).toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(3);

    fetchMock.mockClear();
    fetchMock.mockImplementation(async () => json({}, 404));
    await expect(requestJson('/a', { retry: true })).rejects.toMatchObject({ status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('with retry: a network failure, then the answer', async () => {
    vi.useFakeTimers();
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json({ ok: true }));
    const answer = requestJson('/a', { retry: true });
    await vi.runAllTimersAsync();
    await expect(answer).resolves.toEqual({ ok: true });
  });
});
