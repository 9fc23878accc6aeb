import { readFileSync } from 'node:fs';
import { screen } from '@testing-library/react';
import type { AuthUser, Division, Receipt } from '@mms/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerFinancePaymentsMessages } from '../../i18n/finance-payments/index.ts';
import { registerPrintMessages } from '../../i18n/print/index.ts';
import { PAPER_LETTERHEAD } from '../../test/printed-paper.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ReceiptView } from '../../features/finance-payments/pages/receipt-page.tsx';
import { PageTitle } from '../page-title.tsx';
import { PrintedPaper, signedInSigner, useSignedInSigner, type SignerRole } from './printed-paper.tsx';

const user = (division: Division, employeeId: number | null = 5): AuthUser => ({
  id: 3,
  username: 'u',
  displayName: 'Siti Aminah, S.E.',
  division,
  avatarUrl: null,
  employeeId,
  employeeNumber: employeeId === null ? null : '198501012010012001',
  studentId: null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
});

const receipt = (cashierName: string | null): Receipt => ({
  payment: {
    id: 8,
    unitId: 2,
    number: 'KWT/SMP/2026/12/0001',
    date: '2026-12-02',
    student: { id: 4, name: 'Ahmad Faqih', nis: 'A1', className: '7A' },
    method: cashierName ? 'CASH' : 'GATEWAY',
    amount: 450_000,
    creditAdded: 0,
    creditUsed: 0,
    payerName: null,
    note: null,
    cashierName,
    voucherNumbers: [],
    status: 'POSTED',
    reversalReason: null,
    reversalRequestedBy: null,
    reversalRequestedById: null,
    reversalApprovedBy: null,
    reversedAt: null,
    allocations: [{ billId: 1, componentName: 'SPP', period: '2026-12', amount: 450_000 }],
    createdAt: '2026-12-02T01:00:00.000Z',
  },
  unitName: 'SMP Uji',
  terbilang: 'empat ratus lima puluh ribu rupiah',
  stampDuty: false,
  schoolYear: '2026/2027',
  recap: [],
  recapComponent: null,
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(PAPER_LETTERHEAD), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

const render = (ui: React.ReactElement, signedIn = user('TEACHERCASHIER')) =>
  renderWithApp(ui, '/', { user: signedIn, messages: [registerPrintMessages, registerFinancePaymentsMessages] });

function SignedBy({ role }: { role: SignerRole }) {
  return (
    <PrintedPaper unitId={2} title="Buku kas Desember 2026" signer={useSignedInSigner(role)}>
      <p>isi</p>
    </PrintedPaper>
  );
}

describe('who signs a printed paper (issue 39 finding 8)', () => {
  it('signs a receipt by the cashier who took the payment, never the headmaster', async () => {
    await render(<ReceiptView receipt={receipt('Pak Kasir')} />);
    expect((await screen.findByTestId('signature-role')).textContent).toBe('Kasir');
    expect(screen.getByTestId('signature-name').textContent).toBe('Pak Kasir');
    // the headmaster's name is the letterhead's default, not this paper's
    expect(screen.queryByText('Drs. Yusuf')).toBeNull();
    expect(screen.queryByText('Kepala Sekolah')).toBeNull();
  });

  it('leaves a gateway receipt, which no cashier took, to the treasurer', async () => {
    await render(<ReceiptView receipt={receipt(null)} />);
    expect((await screen.findByTestId('signature-role')).textContent).toBe('Bendahara');
    expect(screen.getByTestId('signature-name').textContent).toBe('(nama belum diatur)');
  });

  it('signs a finance paper by the signed-in treasurer with their NIP', async () => {
    await render(<SignedBy role="TREASURER" />);
    expect((await screen.findByTestId('signature-role')).textContent).toBe('Bendahara');
    expect(screen.getByTestId('signature-name').textContent).toBe('Siti Aminah, S.E.');
    expect(screen.getByTestId('signature-nip').textContent).toBe('NIP. 198501012010012001');
  });

  it('keeps the headmaster on a paper without its own signer', async () => {
    await render(
      <PrintedPaper unitId={2} title="Rekap presensi">
        <p>isi</p>
      </PrintedPaper>,
    );
    expect((await screen.findByTestId('signature-role')).textContent).toBe('Kepala Sekolah');
    expect(screen.getByTestId('signature-name').textContent).toBe('Drs. Yusuf');
  });

  it('names the signed-in user only as the official of their own division', () => {
    expect(signedInSigner(user('TEACHERCASHIER'), 'TREASURER').name).toBe('Siti Aminah, S.E.');
    expect(signedInSigner(user('BPBK'), 'COUNSELLOR')).toMatchObject({ role: 'COUNSELLOR', nip: '198501012010012001' });
    // the principal reading a cash book, a student reading an invoice: the treasurer's line stays to sign
    expect(signedInSigner(user('PRINCIPAL'), 'TREASURER')).toEqual({ role: 'TREASURER', name: null, nip: null });
    expect(signedInSigner(user('STUDENT', null), 'TREASURER').name).toBeNull();
  });

  it('leaves the screen title off a printout: the paper starts with the letterhead', async () => {
    await render(<PageTitle>Kuitansi KWT/SMP/2026/12/0001</PageTitle>);
    expect(
      screen.getByRole('heading', { name: 'Kuitansi KWT/SMP/2026/12/0001' }).closest('[data-page-title]'),
    ).not.toBeNull();
    const printCss = readFileSync(`${import.meta.dirname}/print.module.css`, 'utf8');
    const print = printCss.slice(printCss.indexOf('@media print'));
    const hidden = print.slice(0, print.indexOf('display: none'));
    expect(hidden).toContain('body:has(.paper) :global([data-page-title])');
  });
});
