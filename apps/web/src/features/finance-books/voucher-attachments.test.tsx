import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Voucher } from '@mms/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { id } from '../../i18n/id.ts';
import { registerFinanceBooksMessages } from '../../i18n/finance-books/index.ts';
import { renderWithApp } from '../../test/render.tsx';
import { VoucherAttachments } from './components/voucher-attachments.tsx';

vi.mock('../../lib/session.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useCurrentUser: () => ({ id: 5, username: 'b', displayName: 'B', division: 'TEACHERCASHIER', unit: null }),
}));

const voucher = { id: 9, state: 'POSTED' } as Voucher;
const list = {
  items: [
    {
      id: 3,
      voucherId: 9,
      fileName: 'kuitansi.pdf',
      mime: 'application/pdf',
      size: 2048,
      uploadedByName: 'Bendahara',
      createdAt: '2026-11-20T01:00:00.000Z',
    },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(list), { status: 200 })));
  vi.stubGlobal('fetch', fetchMock);
  registerFinanceBooksMessages();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('voucher attachments', { timeout: 30_000 }, () => {
  it('links a posted voucher’s files and offers no removal', async () => {
    await renderWithApp(<VoucherAttachments voucher={voucher} />);
    const link = await screen.findByRole('link', { name: 'kuitansi.pdf' });
    expect(link.getAttribute('href')).toBe('/api/v1/finance-books/attachments/3/file');
    expect(screen.queryByRole('button', { name: 'Hapus lampiran kuitansi.pdf' })).toBeNull();
  });

  it('lets a draft’s file be removed and uploads a new one as multipart', async () => {
    await renderWithApp(<VoucherAttachments voucher={{ ...voucher, state: 'DRAFT' }} />);
    expect(await screen.findByRole('button', { name: 'Hapus lampiran kuitansi.pdf' })).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'nota.pdf', { type: 'application/pdf' })] } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(true),
    );
    const [url, init] = fetchMock.mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === 'POST')!;
    expect(url).toBe('/api/v1/finance-books/vouchers/9/attachments');
    expect((init as RequestInit).body).toBeInstanceOf(FormData);
  });
});
