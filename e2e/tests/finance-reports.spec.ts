import { expect, test } from '@playwright/test';
import { addDays, expectDone, fillDate, serverToday } from './support.ts';
import { apiAs, unique } from './school/school-api.ts';

/**
 * Finance reports and the pieces around them (issue 15): the principal reads the arrears of the seeded SMP 7A SPP
 * bills and exports them; the cashier adds an account to the chart of accounts; a student opens their printable
 * invoice from their invoice list.
 */
test('the principal reads and exports the arrears of SMP 7A', async ({ page }) => {
  await apiAs(page.request, 'principal');
  await page.goto('/backend/mms/report/finance');
  await expect(page.getByRole('heading', { name: 'Laporan Tunggakan dan Penerimaan' })).toBeVisible();
  // the seeded bills run from July to this month, each due on the 10th: a month on, all of them are past due
  // (as of today, on 1-10 July none is yet)
  await fillDate(page, 'Per tanggal', addDays(await serverToday(page), 31));
  const byClass = page.getByRole('table', { name: 'Tunggakan per kelas' });
  await expect(byClass.getByRole('button', { name: 'Rincian siswa kelas 7A' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Ekspor Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tunggakan-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  // the students of 7A, each with what they still owe
  await byClass.getByRole('button', { name: 'Rincian siswa kelas 7A' }).click();
  const students = page.getByRole('table', { name: 'Tunggakan per siswa' });
  await expect(students.getByRole('row').nth(1)).toContainText('Rp');
});

test('the cashier adds an account to the chart of accounts', async ({ page }) => {
  await apiAs(page.request, 'teachercashier');
  await page.goto('/backend/mms/treasurer/accounts');
  await expect(page.getByRole('heading', { name: 'Bagan Akun' })).toBeVisible();
  const code = `5-9${unique().slice(0, 4)}`.replace(/[^A-Za-z0-9.-]/g, '0');
  await page.getByRole('button', { name: 'Akun baru' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Kode' }).fill(code);
  await dialog.getByRole('textbox', { name: 'Nama akun' }).fill('Beban uji E2E');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expectDone(page);
  await page.getByRole('textbox', { name: 'Cari kode atau nama' }).fill(code);
  await expect(
    page.getByRole('table', { name: 'Bagan Akun' }).getByRole('row', { name: new RegExp(code) }),
  ).toBeVisible();
});

test('a student opens their printable invoice', async ({ browser }) => {
  // the administrator finds the demo student and makes an invoice of their open bills
  const adminPage = await (await browser.newContext()).newPage();
  const admin = await apiAs(adminPage.request, 'admin');
  const today = await serverToday(adminPage);
  // open bills of its own, whatever the day and the other journeys paid: SPP from July to December (or to this
  // month); on 1 July the demo has only July's, which its seeded payments may have settled
  const july = `${Number(today.slice(5, 7)) >= 7 ? today.slice(0, 4) : Number(today.slice(0, 4)) - 1}-07`;
  const december = `${july.slice(0, 4)}-12`;
  const { items: components } = await admin.get<{ items: { id: number; code: string }[] }>('/finance/components');
  await admin.post('/finance/bills/generate', {
    componentId: components.find((c) => c.code === 'SPP')!.id,
    fromMonth: july,
    toMonth: today.slice(0, 7) > december ? today.slice(0, 7) : december,
  });
  const found = await admin.get<{ items: { id: number }[] }>('/students?page=1&pageSize=10&q=2526070001');
  const invoice = await admin.post<{ id: number; number: string }>('/finance/invoices', {
    studentId: found.items[0]!.id,
    dueDate: addDays(today, 14),
  });

  const page = await (await browser.newContext()).newPage();
  await apiAs(page.request, 'student');
  await page.goto('/backend/mms/students/student/invoice');
  await page.getByRole('link', { name: `Cetak invoice ${invoice.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/students/student/invoice/${invoice.id}$`));
  await expect(page.getByRole('heading', { name: `Invoice ${invoice.number}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cetak' })).toBeVisible();
});
