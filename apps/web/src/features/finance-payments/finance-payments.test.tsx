import { fireEvent, screen } from '@testing-library/react';
import { ReversalRequestInput, type MyPayments, type OpenBill } from '@mms/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { id } from '../../i18n/id.ts';
import { registerFinancePaymentsMessages } from '../../i18n/finance-payments/index.ts';
import { mediaQueryList } from '../../test/media-query.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ReasonModal } from '../../components/reason-modal.tsx';
import { allocationsToSend, previewAllocation } from './components/allocation-preview.ts';
import { StudentPaymentPage } from './pages/student-payment-page.tsx';

const bill = (id: number, period: string, outstanding: number): OpenBill => ({
  id,
  componentId: 1,
  componentName: 'SPP',
  period,
  instalment: 1,
  dueDate: `${period}-10`,
  amount: outstanding,
  discount: 0,
  paid: 0,
  outstanding,
  status: 'UNPAID',
});
const bills = [bill(1, '2026-07', 300000), bill(2, '2026-08', 300000), bill(3, '2026-09', 300000)];

describe('the counter’s allocation preview', () => {
  it('fills the oldest bills first and shows what stays owed', () => {
    const p = previewAllocation(bills, 450000, 0, new Map());
    expect(p.rows.map((r) => [r.bill.period, r.amount, r.after])).toEqual([
      ['2026-07', 300000, 0],
      ['2026-08', 150000, 150000],
      ['2026-09', 0, 300000],
    ]);
    expect(p).toMatchObject({ allocated: 450000, creditAdded: 0, error: null });
    expect(allocationsToSend(p, false)).toBeUndefined();
  });

  it('uses the credit and turns an overpayment into credit', () => {
    expect(previewAllocation(bills, 250000, 100000, new Map())).toMatchObject({
      allocated: 350000,
      creditUsed: 100000,
    });
    expect(previewAllocation(bills, 1_000_000, 0, new Map())).toMatchObject({
      allocated: 900000,
      creditAdded: 100000,
    });
  });

  it('takes the cashier’s amounts and sends them explicitly', () => {
    const p = previewAllocation(bills, 300000, 0, new Map([[1, 100000]]));
    expect(p.rows.map((r) => r.amount)).toEqual([100000, 0, 0]);
    expect(p.creditAdded).toBe(200000);
    const q = previewAllocation(
      bills,
      300000,
      0,
      new Map([
        [1, 100000],
        [3, 200000],
      ]),
    );
    expect(allocationsToSend(q, true)).toEqual([
      { billId: 1, amount: 100000 },
      { billId: 3, amount: 200000 },
    ]);
  });

  it('refuses more than a bill owes or more than the money', () => {
    expect(previewAllocation(bills, 900000, 0, new Map([[1, 300001]])).error).toEqual({
      code: 'OVER_OUTSTANDING',
      billId: 1,
    });
    expect(previewAllocation(bills, 100000, 0, new Map([[2, 300000]])).error).toEqual({ code: 'OVER_AVAILABLE' });
  });
});

const mine: MyPayments = {
  payments: [],
  bills: [bills[0]!],
  credit: 0,
  charges: [
    {
      id: 4,
      provider: 'local',
      providerRef: 'LOC-4-ab',
      vaNumber: '8808000001000004',
      qris: null,
      amount: 300000,
      status: 'PENDING',
      createdAt: '2026-11-18T03:00:00.000Z',
      expiresAt: '2026-11-19T03:00:00.000Z',
    },
    {
      id: 3,
      provider: 'local',
      providerRef: 'LOC-3-cd',
      vaNumber: '8808000001000003',
      qris: null,
      amount: 300000,
      status: 'EXPIRED',
      createdAt: '2026-11-10T03:00:00.000Z',
      expiresAt: '2026-11-11T03:00:00.000Z',
    },
  ],
};

describe('the student’s payments', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    if (!i18next.isInitialized) {
      await i18next
        .use(initReactI18next)
        .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
    }
    vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(mine), { status: 200 }))),
    );
    registerFinancePaymentsMessages();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the open bills, the virtual account and the empty history', async () => {
    await renderWithApp(<StudentPaymentPage />);
    expect(await screen.findByText('Belum ada pembayaran.')).toBeTruthy();
    expect(screen.getAllByTestId('charge-va')[0]!.textContent).toContain('8808000001000004');
    expect(screen.getByRole('checkbox', { name: 'Pilih tagihan SPP Juli 2026' })).toHaveProperty('checked', false);
    expect(screen.getByRole('button', { name: 'Bayar (simulasi demo)' })).toHaveProperty('disabled', false);
  });

  it('shows when a charge expires, and an expired one as expired without a pay button', async () => {
    await renderWithApp(<StudentPaymentPage />);
    const expiry = await screen.findAllByTestId('charge-expiry');
    expect(expiry[0]!.textContent).toBe('Berlaku sampai Kamis, 19 November 2026 pukul 10:00 WIB');
    expect(expiry[1]!.textContent).toContain('Kedaluwarsa sejak Rabu, 11 November 2026 pukul 10:00 WIB');
    expect(screen.getByText('Kedaluwarsa')).toBeTruthy();
    // one pay button: the pending charge's, none for the expired one
    expect(screen.getAllByRole('button', { name: 'Bayar (simulasi demo)' })).toHaveLength(1);
  });
});

describe('the reversal reason', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    if (!i18next.isInitialized) {
      await i18next
        .use(initReactI18next)
        .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
    }
    vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for a reason of at least 3 characters before the request is sent', async () => {
    const onSubmit = vi.fn();
    await renderWithApp(
      <ReasonModal
        opened
        title="Minta pembatalan pembayaran?"
        summary="KWT/SMP/2026/11/0001"
        reasonLabel="Alasan pembatalan"
        confirm="Minta pembatalan"
        schema={ReversalRequestInput}
        pending={false}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    const button = await screen.findByRole('button', { name: 'Minta pembatalan' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /Alasan pembatalan/ }), { target: { value: 'Salah siswa' } });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledWith('Salah siswa', expect.any(Function));
  });
});
