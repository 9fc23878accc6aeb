import type { ApiToken, AuthUser } from '@mms/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerApiTokensMessages } from '../../../i18n/api-tokens/index.ts';
import { registerPrintMessages } from '../../../i18n/print/index.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ApiTokensPage } from './api-tokens-page.tsx';

const admin: AuthUser = {
  id: 1,
  username: 'admin',
  displayName: 'Administrator',
  division: 'ADMIN',
  avatarUrl: null,
  employeeId: 3,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: null,
};

const token: ApiToken = {
  id: 5,
  name: 'Integrasi rapor',
  prefix: 'mms_AbCdEfGh',
  kind: 'manual',
  scopes: ['school.read'],
  userId: 1,
  username: 'admin',
  userDivision: 'ADMIN',
  unitId: null,
  unitCode: null,
  expiresAt: '2026-12-31T16:59:59.999Z',
  revokedAt: null,
  lastUsedAt: null,
  createdAt: '2026-11-24T03:00:00.000Z',
  createdBy: 'admin',
  state: 'active',
};
const SECRET = `mms_${'x'.repeat(43)}`;

let fetchMock: ReturnType<typeof vi.fn>;
const posts = () =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST') as [
    string,
    RequestInit,
  ][];

beforeEach(() => {
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const page = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 25 });
    let body: unknown = page([]);
    if (init?.method === 'POST' && url.includes('/revoke')) body = { ...token, state: 'revoked' };
    else if (init?.method === 'POST') body = { token: SECRET, item: { ...token, id: 6, name: 'Baru' } };
    else if (url.includes('/api/v1/api-tokens')) body = page([token]);
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () =>
  renderWithApp(<ApiTokensPage />, '/', {
    user: admin,
    messages: [registerPrintMessages, registerApiTokensMessages],
  });

describe('the API tokens screen', { timeout: 30_000 }, () => {
  it('lists tokens by their first characters and revokes one after a confirmation', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Token API', level: 1 })).toBeTruthy();
    await screen.findByText('Integrasi rapor', undefined, { timeout: 10_000 });
    expect(screen.getByText('mms_AbCdEfGh…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ekspor Excel' })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Cabut Integrasi rapor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cabut token API' });
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cabut' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]![0]).toContain('/api/v1/api-tokens/5/revoke');
  });

  it("checks the form, offers only the account division's permissions, and shows the new token once", async () => {
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Buat token' }));
    const form = await screen.findByRole('dialog', { name: 'Buat token' });
    // ADMIN's permissions are offered; a student's are not
    expect(within(form).getByRole('checkbox', { name: 'users.manage' })).toHaveProperty('checked', false);
    expect(within(form).queryByRole('checkbox', { name: 'assessment.take' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Buat token' }));
    expect(await within(form).findByText('Nama token wajib diisi')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: /Nama token/ }), { target: { value: 'Baru' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'school.read' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Buat token' }));
    const shown = await screen.findByRole('dialog', { name: 'Token baru' });
    const body = JSON.parse(String(posts()[0]![1].body)) as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Baru', userId: 1, scopes: ['school.read'], unitId: null });
    expect(body.expiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(within(shown).getByText(SECRET)).toBeTruthy();
    expect(within(shown).getByText(/hanya ditampilkan sekali/)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Salin token' })).toHaveProperty('disabled', false);
    fireEvent.click(within(shown).getByRole('button', { name: 'Selesai' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });
});
