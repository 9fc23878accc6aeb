import { QueryClient } from '@tanstack/react-query';
import type { AuthUser } from '@mms/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, setCsrfToken } from './api.ts';
import { clearSession, fetchSession, keepUserForOffline, safeReturnPath, signInPath } from './session.ts';

describe('sign-in return path', () => {
  it('returns to app paths only', () => {
    expect(safeReturnPath('/backend/mms/other/profile?x=1')).toBe('/backend/mms/other/profile?x=1');
    expect(safeReturnPath('//evil.example')).toBe('/backend/dashboard');
    expect(safeReturnPath('https://evil.example')).toBe('/backend/dashboard');
    expect(safeReturnPath('/auth/signin')).toBe('/backend/dashboard');
    expect(safeReturnPath(null)).toBe('/backend/dashboard');
    expect(signInPath('/backend/dashboard')).toBe('/auth/signin?next=%2Fbackend%2Fdashboard');
  });
});

describe('the exam page without a connection', () => {
  const user = { id: 7, username: 'student', displayName: 'Siswa', division: 'STUDENT' } as unknown as AuthUser;
  const offline = () => vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('opens as the user who opened it, on the play screens only, and forgets them at sign-out', async () => {
    keepUserForOffline(user);
    offline();
    window.history.replaceState(null, '', '/backend/mms/tutor/play-online-formative/12');
    await expect(fetchSession()).resolves.toEqual(user);
    window.history.replaceState(null, '', '/backend/dashboard');
    await expect(fetchSession()).rejects.toMatchObject({ code: 'NETWORK' });
    window.history.replaceState(null, '', '/backend/mms/tutor/play-online-formative/12');
    clearSession(new QueryClient());
    await expect(fetchSession()).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('fetches a CSRF token once the server answers, and sends the refused request again once', async () => {
    setCsrfToken(null);
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      calls.push(
        `${init?.method ?? 'GET'} ${url} ${(init?.headers as Record<string, string>)?.['x-csrf-token'] ?? '-'}`,
      );
      if (url === '/api/v1/auth/session') {
        return new Response(JSON.stringify({ user, csrfToken: 'fresh' }), { status: 200 });
      }
      const token = (init?.headers as Record<string, string>)?.['x-csrf-token'];
      return token === 'fresh'
        ? new Response(JSON.stringify({ ok: true }), { status: 200 })
        : new Response(JSON.stringify({ error: { code: 'CSRF_FAILED', message: 'x' } }), { status: 403 });
    });
    await expect(api('/exam/attempts/1/saves', { method: 'POST', body: {} })).resolves.toEqual({ ok: true });
    expect(calls).toEqual([
      'POST /api/v1/exam/attempts/1/saves -',
      'GET /api/v1/auth/session -',
      'POST /api/v1/exam/attempts/1/saves fresh',
    ]);
  });
});
