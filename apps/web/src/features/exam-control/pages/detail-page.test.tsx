import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOARD, DETAIL, LIST, renderControl, stubControlFetch } from '../control.test-helper.tsx';
import { ControlDetailPage } from './detail-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the exam control detail of one attempt', { timeout: 30_000 }, () => {
  it('shows each question with its stem, the answer readably, the score and the history', async () => {
    const { calls } = stubControlFetch({ '/exam/control/5/attempts/103': DETAIL });
    await renderControl(<ControlDetailPage />, '/?kind=SUMMATIVE&assessment=5&attempt=103');
    expect(await screen.findByRole('heading', { name: 'Kontrol ujian: detail' })).toBeTruthy();
    await screen.findByTestId('attempt-detail');
    expect(calls.some((c) => c.url === '/api/v1/exam/control/5/attempts/103')).toBe(true);
    const first = screen.getByTestId('item-1');
    // the stem's HTML is rendered, not shown as tags
    expect(within(first).getByText('2 + 3').tagName).toBe('STRONG');
    // the chosen option reads as its code and its text
    expect(within(first).getByText('B.')).toBeTruthy();
    expect(within(first).getByText('lima')).toBeTruthy();
    expect(within(first).getByText('Ya')).toBeTruthy();
    expect(within(first).getByText('Benar')).toBeTruthy();
    expect(within(first).getByText('08:05:00')).toBeTruthy();
    const second = screen.getByTestId('item-2');
    expect(within(second).getByText('Ibu kota Jawa Barat')).toBeTruthy();
    expect(within(second).getByText('Bandung')).toBeTruthy();
    expect(second.textContent).toContain('k1. Ibu kota Jawa Barat → x2. Bandung');
    expect(second.textContent).toContain('1,5 / 4');
    expect(within(second).getByText('Salah')).toBeTruthy();
    const essay = screen.getByTestId('item-3');
    expect(within(essay).getByText('Karena jumlahnya lima.')).toBeTruthy();
    expect(within(essay).getByText('Belum dinilai')).toBeTruthy();
    expect(within(screen.getByTestId('item-4')).getByText('Tidak dijawab')).toBeTruthy();
    const events = screen.getByTestId('attempt-events');
    expect(within(events).getByText('Dikumpulkan pengawas: waktu habis')).toBeTruthy();
    expect(within(events).getByText('Pak Guru')).toBeTruthy();
    expect(within(events).getByText('Sistem')).toBeTruthy();
    expect(within(events).getByText('23/11/2026 09:30:00 WIB')).toBeTruthy();
    expect(screen.getByText('87,5')).toBeTruthy();
  });

  it('without an attempt offers the takers who have started', async () => {
    stubControlFetch({ '/exam/control?kind': LIST, '/exam/control/5': BOARD });
    await renderControl(<ControlDetailPage />, '/?kind=SUMMATIVE&assessment=5');
    expect(await screen.findByRole('combobox', { name: 'Peserta' })).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    stubControlFetch({});
    await renderControl(<ControlDetailPage />, '/?assessment=5&attempt=999');
    expect(await screen.findByText('Tidak ditemukan')).toBeTruthy();
  });
});
