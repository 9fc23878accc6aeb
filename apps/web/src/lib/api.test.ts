import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiForm, configureApi, setCsrfToken } from './api.ts';
import { connection } from './connection.ts';

const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.fn().mockImplementation(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers })));

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('api client', () => {
  it('sends the CSRF token on state-changing calls only, same-origin', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    setCsrfToken('tok');
    await api('/auth/me');
    await api('/auth/logout', { method: 'POST' });
    const [getUrl, getInit] = fetchMock.mock.calls[0]!;
    const [, postInit] = fetchMock.mock.calls[1]!;
    expect(getUrl).toBe('/api/v1/auth/me');
    expect(getInit.credentials).toBe('same-origin');
    expect(getInit.headers['x-csrf-token']).toBeUndefined();
    expect(postInit.headers['x-csrf-token']).toBe('tok');
  });

  it('adds the headers a call asks for (the exam device id) without letting them replace its own', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await api('/exam/attempts/3', { headers: { 'x-exam-device': 'device-1234', accept: 'text/html' } });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.headers['x-exam-device']).toBe('device-1234');
    expect(init.headers.accept).toBe('application/json');
  });

  it('posts FormData as multipart: no JSON content type, body passed through, CSRF header kept', async () => {
    const fetchMock = respond(200, { id: 1 });
    vi.stubGlobal('fetch', fetchMock);
    setCsrfToken('tok');
    const form = new FormData();
    form.set('reason', 'demam');
    await apiForm('/leave-requests', form);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/leave-requests');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    expect(init.headers['content-type']).toBeUndefined();
    expect(init.headers['x-csrf-token']).toBe('tok');
  });

  it('turns the error shape into a typed ApiError with field errors and Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      respond(400, {
        error: { code: 'VALIDATION_FAILED', message: 'Data salah', fields: { newPassword: 'Terlalu pendek' } },
      }),
    );
    const err = await api('/auth/password', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Data salah' });
    expect((err as ApiError).fields).toEqual({ newPassword: 'Terlalu pendek' });

    vi.stubGlobal(
      'fetch',
      respond(429, { error: { code: 'RATE_LIMITED', message: 'Tunggu' } }, { 'retry-after': '30' }),
    );
    const limited = (await api('/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(limited.retryAfterSeconds).toBe(30);
  });

  it('reports a 401 so the guard can send the user to sign-in', async () => {
    const onUnauthenticated = vi.fn();
    configureApi({ onUnauthenticated });
    vi.stubGlobal('fetch', respond(401, { error: { code: 'UNAUTHENTICATED', message: 'Silakan masuk' } }));
    await expect(api('/search', { query: { q: 'x' } })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('maps a non-JSON failure by status and marks the connection lost on a network error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>', { status: 502 })));
    await expect(api('/time')).rejects.toMatchObject({ code: 'INTERNAL', status: 502 });

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api('/time')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(connection.isOnline()).toBe(false);

    vi.stubGlobal('fetch', respond(200, { ok: true }));
    await api('/time');
    expect(connection.isOnline()).toBe(true);
  });
});
