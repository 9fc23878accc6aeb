import { expect, test, type Page } from '@playwright/test';
import { addDays, fillDate, serverToday } from './support.ts';
import { apiAs } from './school/school-api.ts';
import { phoneProblems } from './a11y/screen-checks.ts';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 720 };

interface OpenBill {
  id: number;
  period: string;
  dueDate: string;
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
 * The payment journey (issue 15): the cashier generates July SPP for class 7B on the bills screen (preview, then
 * confirmation), takes two months from the demo student at the counter, the receipt opens with the amount in
 * words and the SPP recap, the payment is reversed on the payments list (asked by the cashier with a reason,
 * refused to the cashier's own approval, approved by the principal), the student's list shows it reversed, and the
 * principal's arrears report shows the two months owed again. Dates come from the server's clock (MMS_NOW may fix
 * it), never the browser's.
 */
test('generate July SPP for a class, pay two months at the counter, the receipt, a reversal and the arrears', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const cashier = await (await browser.newContext()).newPage();
  const principal = await (await browser.newContext()).newPage();
  const student = await (await browser.newContext()).newPage();
  const cashierApi = await apiAs(cashier.request, 'teachercashier');
  await apiAs(principal.request, 'principal');
  const studentApi = await apiAs(student.request, 'student');
  const today = await serverToday(cashier);
  const july = `${Number(today.slice(5, 7)) >= 7 ? today.slice(0, 4) : Number(today.slice(0, 4)) - 1}-07`;
  const { items: components } = await cashierApi.get<{ items: { id: number; code: string }[] }>('/finance/components');
  const spp = components.find((c) => c.code === 'SPP')!;

  // ---- July SPP for class 7B on the bills screen: preview, confirmation, then the bills are there ----
  await cashier.goto('/backend/mms/treasurer/bills');
  const form = cashier.getByRole('form', { name: 'Buat tagihan' });
  await form.getByRole('combobox', { name: 'Komponen' }).click();
  await cashier.getByRole('option', { name: 'SPP', exact: true }).click();
  await form.getByRole('combobox', { name: 'Kelas' }).click();
  await cashier.getByRole('option', { name: '7B', exact: true }).click();
  await form.getByRole('textbox', { name: 'Dari bulan' }).fill(july);
  await form.getByRole('textbox', { name: 'Sampai bulan' }).fill(july);
  await form.getByRole('button', { name: 'Pratinjau' }).click();
  await expect(form.getByRole('status')).toContainText(/[1-9]\d* tagihan baru untuk [1-9]\d* siswa/);
  await form.getByRole('button', { name: 'Buat tagihan' }).click();
  await cashier.getByRole('dialog').getByRole('button', { name: 'Buat tagihan' }).click();
  await expect
    .poll(async () => {
      const page = await cashierApi.get<{ items: { className: string | null }[] }>(
        `/finance/bills?componentId=${spp.id}&period=${july}&pageSize=100`,
      );
      return page.items.filter((b) => b.className === '7B').length;
    })
    .toBeGreaterThan(0);

  // ---- the demo student (7A) has SPP from July; at least to September, so that two months are open early in the year ----
  await cashierApi.post('/finance/bills/generate', {
    componentId: spp.id,
    fromMonth: july,
    toMonth: today.slice(0, 7) > `${july.slice(0, 4)}-09` ? today.slice(0, 7) : `${july.slice(0, 4)}-09`,
  });
  const me = await studentApi.get<{ bills: (OpenBill & { status: string })[] }>('/finance-payments/me');
  const open = me.bills.filter((b) => b.status === 'UNPAID' || b.status === 'PARTIAL');
  expect(open.length, 'the demo student has open SPP bills').toBeGreaterThanOrEqual(2);
  const { user } = await studentApi.get<{ user: { studentId: number } }>('/auth/me');
  const account = await cashierApi.get<Account>(`/finance-payments/students/${user.studentId}/account`);
  const two = account.bills[0]!.outstanding + account.bills[1]!.outstanding;

  // ---- the student's bills on a phone: every amount, remainder and status in reach, the page does not scroll sideways ----
  await student.setViewportSize(PHONE);
  for (const path of ['/backend/mms/students/student/invoice', '/backend/mms/students/student/payment']) {
    await student.goto(path);
    await student.waitForLoadState('networkidle');
    await expect(student.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await phoneProblems(student, path)).toEqual([]);
  }
  await student.setViewportSize(DESKTOP);

  // ---- two months paid at the counter, on the cashier's phone (360 px) ----
  await cashier.setViewportSize(PHONE);
  await cashier.goto('/backend/mms/treasurer/payments');
  await expect(cashier.getByRole('heading', { name: 'Pembayaran Siswa' })).toBeVisible();
  const finder = cashier.getByRole('combobox', { name: 'Cari siswa (nama atau NIS)' });
  await finder.click();
  await finder.fill(account.student.nis);
  await cashier.getByRole('option', { name: new RegExp(account.student.nis) }).click();
  await expect(cashier.getByTestId('counter-bills')).toBeVisible();
  expect(await phoneProblems(cashier, 'the counter')).toEqual([]);
  await cashier.getByRole('textbox', { name: /Jumlah diterima/ }).fill(String(two));
  await cashier.getByRole('textbox', { name: 'Nama penyetor' }).fill('Orang tua');
  await cashier.getByRole('button', { name: 'Simpan pembayaran' }).click();
  // the confirmation opens on the screen, its button in reach
  const confirm = cashier.getByRole('dialog').getByRole('button', { name: 'Simpan pembayaran' });
  await expect(confirm).toBeInViewport({ ratio: 1 });
  expect(await phoneProblems(cashier, 'the counter, confirming')).toEqual([]);
  await confirm.click();

  // ---- the receipt opens at once ----
  await expect(cashier).toHaveURL(/\/treasurer\/receipt\/\d+$/);
  await expect(cashier.getByTestId('receipt-words')).toContainText('rupiah');
  await expect(cashier.getByTestId('receipt-recap')).toBeVisible();
  await expect(cashier.getByTestId('receipt-recap')).toContainText('Lunas');
  expect(await phoneProblems(cashier, 'the receipt')).toEqual([]);
  await cashier.setViewportSize(DESKTOP);
  const paymentId = Number(cashier.url().split('/').pop());
  const { number } = await cashierApi.get<Payment>(`/finance-payments/payments/${paymentId}`);

  // ---- the reversal: asked on the list by the cashier with a reason ----
  await cashier.goto('/backend/mms/treasurer/payments');
  await cashier.getByRole('button', { name: `Minta pembatalan ${number}` }).click();
  const ask = cashier.getByRole('dialog');
  await ask.getByRole('textbox', { name: 'Alasan pembatalan' }).fill('Salah nominal (uji E2E)');
  await ask.getByRole('button', { name: 'Minta pembatalan' }).click();
  await expect(cashier.getByRole('button', { name: `Minta pembatalan ${number}` })).toHaveCount(0);
  // the one who asked cannot approve: no button on the list, and the API refuses
  await expect(cashier.getByRole('button', { name: `Setujui pembatalan ${number}` })).toHaveCount(0);
  const self = await cashier.request.post(`/api/v1/finance-payments/payments/${paymentId}/reversal/approve`, {
    headers: { 'x-csrf-token': await csrf(cashier) },
    data: {},
  });
  expect(self.status()).toBe(403);

  // ---- approved by the principal on the same list ----
  await principal.goto('/backend/mms/treasurer/payments');
  await principal.getByRole('button', { name: `Setujui pembatalan ${number}` }).click();
  await principal.getByRole('dialog').getByRole('button', { name: 'Setujui pembatalan' }).click();
  await expect
    .poll(async () => (await cashierApi.get<Payment>(`/finance-payments/payments/${paymentId}`)).status)
    .toBe('REVERSED');
  await cashier.goto(`/backend/mms/treasurer/receipt/${paymentId}`);
  await expect(cashier.getByTestId('receipt-reversed')).toHaveText('DIBATALKAN');

  // ---- the student sees it in their list ----
  await student.goto('/backend/mms/students/student/payment');
  await expect(student.getByRole('heading', { name: 'Pembayaran Saya' })).toBeVisible();
  const row = student.getByTestId('my-payments').getByRole('row', { name: new RegExp(number.replace(/\//g, '\\/')) });
  await expect(row).toContainText('Dibatalkan');

  // ---- the arrears report: the two months are owed again by the student of 7A ----
  await principal.goto('/backend/mms/report/finance');
  await expect(principal.getByRole('heading', { name: 'Laporan Tunggakan dan Penerimaan' })).toBeVisible();
  // as of the day after the later month's due date (early in July, today is before it)
  const lastDue = [account.bills[0]!.dueDate, account.bills[1]!.dueDate].sort()[1]!;
  await fillDate(principal, 'Per tanggal', addDays(lastDue, 1));
  const byClass = principal.getByRole('table', { name: 'Tunggakan per kelas' });
  await byClass.getByRole('button', { name: 'Rincian siswa kelas 7A' }).click();
  const students = principal.getByRole('table', { name: 'Tunggakan per siswa' });
  await expect(students.getByRole('row', { name: new RegExp(account.student.name) })).toContainText('Rp');
});

async function csrf(page: Page) {
  const res = await page.request.get('/api/v1/auth/me');
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}
