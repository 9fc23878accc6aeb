import type { OutboxMessage, OutboxMessageDetail } from '@mms/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerOutboxMessages } from '../../../i18n/outbox/index.ts';
import { registerPrintMessages } from '../../../i18n/print/index.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { authUser } from '../../../test/fixtures.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { OutboxPage } from './outbox-page.tsx';

const admin = authUser();

const failed: OutboxMessage = {
  id: 7,
  channel: 'whatsapp',
  recipient: '081234567890',
  recipientName: 'Bapak Hasan',
  topic: 'bill.due',
  subject: 'Tagihan SPP November 2026',
  body: 'Tagihan SPP November 2026 atas nama Ahmad sebesar Rp 300.000 jatuh tempo.',
  state: 'failed',
  attempts: 5,
  nextAttemptAt: '2026-11-24T03:10:00.000Z',
  lastError: 'gateway HTTP 503',
  createdAt: '2026-11-24T00:30:00.000Z', // 07.30 in Jakarta
  sentAt: null,
};
const sent: OutboxMessage = {
  ...failed,
  id: 8,
  channel: 'log',
  recipient: 'Guru Satu',
  recipientName: 'Guru Satu',
  topic: 'leave.decision',
  subject: 'Pengajuan izin ditolak',
  body: 'Pengajuan izin untuk 1 Desember 2026 ditolak.',
  state: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-24T01:00:00.000Z',
  sentAt: '2026-11-24T01:01:00.000Z',
};
const detail: OutboxMessageDetail = {
  ...failed,
  deliveries: [
    {
      id: 1,
      attempt: 1,
      at: '2026-11-24T00:31:00.000Z',
      provider: 'whatsapp',
      ok: 'error',
      detail: 'gateway HTTP 503',
      durationMs: 42,
    },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;
let listItems: OutboxMessage[];
const calls = (method: 'GET' | 'POST') =>
  (fetchMock.mock.calls as [string, RequestInit | undefined][]).filter(
    ([, init]) => (init?.method ?? 'GET') === method,
  );

beforeEach(() => {
  listItems = [failed, sent];
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    let body: unknown;
    if (init?.method === 'POST' && url.includes('/api/v1/outbox/7/retry')) {
      body = { ...detail, state: 'pending', attempts: 0, lastError: null };
    } else if (url.includes('/api/v1/outbox/7')) body = detail;
    else if (url.includes('/api/v1/outbox')) {
      body = { items: listItems, total: listItems.length, page: 1, pageSize: 25 };
    } else body = { items: [], total: 0, page: 1, pageSize: 25 };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = (path = '/', user = admin) =>
  renderWithApp(<OutboxPage />, path, { user, messages: [registerPrintMessages, registerOutboxMessages] });

describe('the notification outbox screen', { timeout: 30_000 }, () => {
  it('lists messages in Indonesian with Jakarta times, and reads the filters from the address', async () => {
    await renderPage('/?state=failed&topic=bill.due&from=2026-11-01&q=Hasan');
    expect(screen.getByRole('heading', { name: 'Kotak keluar notifikasi', level: 1 })).toBeTruthy();
    await screen.findByText('Tagihan SPP November 2026', undefined, { timeout: 10_000 });
    // a phone's list (jsdom has no layout for the data table): one card per message
    const table = document.querySelector<HTMLElement>('[aria-label="Daftar pesan kotak keluar"]')!;
    expect(within(table).getByText('24/11/2026 07.30')).toBeTruthy();
    expect(within(table).getByText('Bapak Hasan (081234567890)')).toBeTruthy();
    expect(within(table).getByText('Tagihan jatuh tempo')).toBeTruthy();
    expect(within(table).getByText('Keputusan izin')).toBeTruthy();
    expect(within(table).getByText('Gagal')).toBeTruthy();
    expect(within(table).getByText('Terkirim')).toBeTruthy();
    expect(within(table).getByText('gateway HTTP 503')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ekspor Excel' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Cetak' })).toHaveProperty('disabled', false);
    // the address's filters are the list's query and the controls' values
    const listUrl = calls('GET').find(([url]) => url.includes('/api/v1/outbox?'))![0];
    const query = new URL(listUrl, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      state: 'failed',
      topic: 'bill.due',
      from: '2026-11-01',
      q: 'Hasan',
    });
    expect(query.has('channel')).toBe(false);
    expect((screen.getByRole('searchbox', { name: 'Cari penerima atau perihal' }) as HTMLInputElement).value).toBe(
      'Hasan',
    );
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLInputElement).value).toBe('Gagal');
  });

  it('keeps a chosen filter and the search in the address', async () => {
    const view = await renderPage();
    await screen.findByText('Tagihan SPP November 2026', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('combobox', { name: 'Saluran' }));
    fireEvent.click(await screen.findByRole('option', { name: 'WhatsApp', hidden: true }));
    await waitFor(() => expect(view.router.state.location.search).toContain('channel=whatsapp'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari penerima atau perihal' }), {
      target: { value: 'SPP' },
    });
    await waitFor(() => expect(view.router.state.location.search).toContain('q=SPP'));
    await waitFor(() =>
      expect(calls('GET').some(([url]) => url.includes('channel=whatsapp') && url.includes('q=SPP'))).toBe(true),
    );
  });

  it('shows the empty state when nothing matches', async () => {
    listItems = [];
    await renderPage('/?state=sending');
    expect(await screen.findByText('Tidak ada data yang cocok.', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('opens a message with its body and delivery log, and sends a failed one again after a confirmation', async () => {
    await renderPage();
    await screen.findByText('Tagihan SPP November 2026', undefined, { timeout: 10_000 });
    // only the failed message offers "Kirim ulang"
    expect(screen.queryByRole('button', { name: 'Kirim ulang Pengajuan izin ditolak Guru Satu' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rincian Tagihan SPP November 2026 Bapak Hasan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pesan: Tagihan SPP November 2026' });
    expect(await within(dialog).findByText(detail.body)).toBeTruthy();
    expect(within(dialog).getByText('mms-7')).toBeTruthy();
    const log = within(dialog).getByRole('table', { name: 'Log pengiriman pesan' });
    const cells = within(log)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['1', '24/11/2026 07.31', 'whatsapp', 'Galat', 'gateway HTTP 503', '42 md']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Kirim ulang' }));
    const confirm = await screen.findByRole('dialog', { name: 'Kirim ulang pesan' });
    expect(within(confirm).getByText(/kepada Bapak Hasan/)).toBeTruthy();
    expect(calls('POST')).toHaveLength(0);
    const reads = (path: RegExp) => calls('GET').filter(([url]) => path.test(url)).length;
    const before = { list: reads(/\/api\/v1\/outbox\?/), one: reads(/\/api\/v1\/outbox\/7$/) };
    fireEvent.click(within(confirm).getByRole('button', { name: 'Kirim ulang' }));
    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(calls('POST')[0]![0]).toContain('/api/v1/outbox/7/retry');
    // the list and the open message are read again
    await waitFor(() => expect(reads(/\/api\/v1\/outbox\?/)).toBeGreaterThan(before.list));
    await waitFor(() => expect(reads(/\/api\/v1\/outbox\/7$/)).toBeGreaterThan(before.one));
  });

  it('offers no "Kirim ulang" to a division without outbox.manage', async () => {
    await renderPage('/', authUser({ division: 'PRINCIPAL' }));
    await screen.findByText('Tagihan SPP November 2026', undefined, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: /^Kirim ulang/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rincian Tagihan SPP November 2026 Bapak Hasan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pesan: Tagihan SPP November 2026' });
    await within(dialog).findByText(detail.body);
    expect(within(dialog).queryByRole('button', { name: 'Kirim ulang' })).toBeNull();
  });
});
