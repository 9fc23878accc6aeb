import { expect, test, type Page } from '@playwright/test';
import { serverToday } from './support.ts';
import { apiAs } from './school/school-api.ts';

interface OpenBill {
  id: number;
  period: string;
  outstanding: number;
}
interface Account {
  student: { id: number; name: string; nis: string };
  bills: OpenBill[];
}
interface Payment {
  id: number;
  number: string;
  status: string;
}

/**
 * The payment journey (issue 15): the cashier generates SPP for the months from July, takes two months from the
 * demo student at the counter, the receipt opens with the amount in words and the SPP recap, the payment is
 * reversed (asked by the cashier, approved by the principal), and the student's payment list shows it reversed.
 * Dates come from the server's clock (MMS_NOW may fix it), never the browser's.
 */
test('generate SPP, pay two months at the counter, the receipt, a reversal and the student’s list', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const cashier = await (await browser.newContext()).newPage();
  const principal = await (await browser.newContext()).newPage();
  const student = await (await browser.newContext()).newPage();
  const cashierApi = await apiAs(cashier.request, 'teachercashier');
  const principalApi = await apiAs(principal.request, 'principal');
  const studentApi = await apiAs(student.request, 'student');
  const today = await serverToday(cashier);
  const july = `${Number(today.slice(5, 7)) >= 7 ? today.slice(0, 4) : Number(today.slice(0, 4)) - 1}-07`;

  // ---- SPP from July to this month for the unit (the seeded 7A already has its bills: they stay) ----
  const { items: components } = await cashierApi.get<{ items: { id: number; code: string }[] }>('/finance/components');
  const spp = components.find((c) => c.code === 'SPP')!;
  const generated = await cashierApi.post<{ students: number }>('/finance/bills/generate', {
    componentId: spp.id,
    fromMonth: july,
    // at least to September, so that early in the year the demo student still has two open months
    toMonth: today.slice(0, 7) > `${july.slice(0, 4)}-09` ? today.slice(0, 7) : `${july.slice(0, 4)}-09`,
  });
  expect(generated.students).toBeGreaterThan(0);

  // ---- the demo student's two oldest open bills, paid at the counter ----
  const me = await studentApi.get<{ bills: (OpenBill & { status: string })[] }>('/finance-payments/me');
  const open = me.bills.filter((b) => b.status === 'UNPAID' || b.status === 'PARTIAL');
  expect(open.length, 'the demo student has open SPP bills').toBeGreaterThanOrEqual(2);
  const { user } = await studentApi.get<{ user: { studentId: number } }>('/auth/me');
  const account = await cashierApi.get<Account>(`/finance-payments/students/${user.studentId}/account`);
  const two = account.bills[0]!.outstanding + account.bills[1]!.outstanding;

  await cashier.goto('/backend/mms/treasurer/payments');
  await expect(cashier.getByRole('heading', { name: 'Pembayaran Siswa' })).toBeVisible();
  const finder = cashier.getByRole('combobox', { name: 'Cari siswa (nama atau NIS)' });
  await finder.click();
  await finder.fill(account.student.nis);
  await cashier.getByRole('option', { name: new RegExp(account.student.nis) }).click();
  await expect(cashier.getByTestId('counter-bills')).toBeVisible();
  await cashier.getByRole('textbox', { name: /Jumlah diterima/ }).fill(String(two));
  await cashier.getByRole('textbox', { name: 'Nama penyetor' }).fill('Orang tua');
  await cashier.getByRole('button', { name: 'Simpan pembayaran' }).click();
  await cashier.getByRole('dialog').getByRole('button', { name: 'Simpan pembayaran' }).click();

  // ---- the receipt opens at once ----
  await expect(cashier).toHaveURL(/\/treasurer\/receipt\/\d+$/);
  await expect(cashier.getByTestId('receipt-words')).toContainText('rupiah');
  await expect(cashier.getByTestId('receipt-recap')).toBeVisible();
  await expect(cashier.getByTestId('receipt-recap')).toContainText('Lunas');
  const paymentId = Number(cashier.url().split('/').pop());

  // ---- reversed: asked by the cashier, the cashier cannot approve, the principal does ----
  await cashierApi.post(`/finance-payments/payments/${paymentId}/reversal`, { reason: 'Salah nominal (uji E2E)' });
  const self = await cashier.request.post(`/api/v1/finance-payments/payments/${paymentId}/reversal/approve`, {
    headers: { 'x-csrf-token': await csrf(cashier) },
    data: {},
  });
  expect(self.status()).toBe(403);
  const done = await principalApi.post<Payment>(`/finance-payments/payments/${paymentId}/reversal/approve`, {});
  expect(done.status).toBe('REVERSED');
  await cashier.reload();
  await expect(cashier.getByTestId('receipt-reversed')).toHaveText('DIBATALKAN');

  // ---- the student sees it in their list ----
  await student.goto('/backend/mms/students/student/payment');
  await expect(student.getByRole('heading', { name: 'Pembayaran Saya' })).toBeVisible();
  const row = student
    .getByTestId('my-payments')
    .getByRole('row', { name: new RegExp(done.number.replace(/\//g, '\\/')) });
  await expect(row).toContainText('Dibatalkan');
});

async function csrf(page: Page) {
  const res = await page.request.get('/api/v1/auth/me');
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}
