import type { AuthUser, Division, StoredFile } from '@mms/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerFilesMessages } from '../../../i18n/files/index.ts';
import { registerPrintMessages } from '../../../i18n/print/index.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { sizeText, UploadHistoryPage } from './upload-history-page.tsx';

const user = (division: Division): AuthUser => ({
  id: 1,
  username: division.toLowerCase(),
  displayName: 'Admin Sekolah',
  division,
  avatarUrl: null,
  employeeId: null,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: null,
});

const unused: StoredFile = {
  kind: 'questions',
  name: 'aa11bb22cc33dd44ee55ff6677889900',
  size: 12_800,
  mime: 'image/png',
  uploadedAt: '2026-11-18T03:05:00.000Z',
  uploadedBy: { id: 7, username: 'teacher', displayName: 'Guru Mapel' },
  purpose: 'question-image',
  inUse: false,
  owners: [],
};
const used: StoredFile = {
  ...unused,
  kind: 'leave',
  name: '00998877665544332211ffeeddccbbaa',
  purpose: 'leave-attachment',
  inUse: true,
  owners: [{ entity: 'leave', id: '12', label: null }],
};

const renderAs = (division: Division) =>
  renderWithApp(<UploadHistoryPage />, '/', {
    user: user(division),
    messages: [registerFilesMessages, registerPrintMessages],
  });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const path = url.replace(/\?.*$/, '');
    const body =
      init?.method === 'DELETE'
        ? { ok: true }
        : path === '/api/v1/upload-history/kinds'
          ? { items: [{ kind: 'leave', files: 1, bytes: 12_800 }] }
          : { items: [unused, used], total: 2, page: 1, pageSize: 25 };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the upload history', { timeout: 30_000 }, () => {
  it('shows who uploaded what, when, for what and its use; removes only an unused file after confirming', async () => {
    await renderAs('ADMIN');
    // a phone's list (cards): every value is plain text
    const card = (text: string) => screen.getByText(text).closest<HTMLElement>('.mantine-Paper-root')!;
    await screen.findByText(`${unused.name.slice(0, 12)}…`);
    const row = card(`${unused.name.slice(0, 12)}…`);
    expect(row.textContent).toContain('Gambar soal');
    expect(row.textContent).toContain('Guru Mapel (teacher)');
    expect(row.textContent).toContain('12,5 KB');
    expect(row.textContent).toContain('Tidak dipakai');
    expect(row.textContent).toContain('18/11/2026 10:05');
    const leaveRow = card(`${used.name.slice(0, 12)}…`);
    expect(leaveRow.textContent).toContain('Lampiran pengajuan izin');
    expect(leaveRow.textContent).toContain('Pengajuan izin #12');
    // a file in use has no remove button
    expect(within(leaveRow).queryByRole('button', { name: /Hapus berkas/ })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: `Hapus berkas ${unused.name}` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(unused.name);
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            url === `/api/v1/upload-history/questions/${unused.name}` &&
            (init as RequestInit | undefined)?.method === 'DELETE',
        ),
      ).toBe(true),
    );
  });

  it('sends the filters to the server', async () => {
    await renderAs('ADMIN');
    await screen.findByText(`${unused.name.slice(0, 12)}…`);
    fireEvent.change(screen.getByRole('textbox', { name: 'Pengunggah (nama/pengguna)' }), {
      target: { value: 'teacher' },
    });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('uploader=teacher'))).toBe(true),
    );
  });

  it('writes sizes as people read them', () => {
    expect(sizeText(900, 'id')).toBe('900 B');
    expect(sizeText(12_800, 'id')).toBe('12,5 KB');
    expect(sizeText(3_355_443, 'en')).toBe('3.2 MB');
  });
});
