import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { signIn } from '../support.ts';

const HEADING_LINES = 3;

/** Opens a report from the "Laporan" submenu of the sidebar, as a leader does. */
async function openReport(page: Page, label: string) {
  await page.goto('/backend/dashboard');
  const menu = page.getByTestId('main-menu');
  const submenu = menu.locator('[data-submenu="report"]');
  if ((await submenu.getAttribute('aria-expanded')) === 'false') await submenu.click();
  await menu.getByRole('link', { name: label, exact: true }).click();
}

/** Picks an option of one of the report's Mantine selects. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The numbers of the counts line "Jumlah N · Laki-laki L · Perempuan P". */
async function counts(page: Page) {
  const line = page.getByTestId('report-counts');
  await expect(line).toHaveText(/^Jumlah \d+ · Laki-laki \d+ · Perempuan \d+$/);
  const [total, male, female] = ((await line.innerText()).match(/\d+/g) ?? []).map(Number);
  return { total: total!, male: male!, female: female! };
}

/** Clicks the Excel button and reads the workbook that arrives: its file name and its first sheet's rows. */
async function downloadExcel(page: Page) {
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Ekspor Excel' }).click(),
  ]);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 2).toString(), 'an .xlsx is a zip').toBe('PK');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  // the heading (title, filters, print date) stands above the header row
  return { name: download.suggestedFilename(), rows: book.worksheets[0]!.actualRowCount - HEADING_LINES };
}

test('student list report: the unit per class with L/P counts, one class, Excel and print', async ({ page }) => {
  await signIn(page, 'principal');
  await openReport(page, 'Laporan daftar siswa');
  await expect(page).toHaveURL(/\/backend\/mms\/report\/student-list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Laporan Daftar Siswa' })).toBeVisible();
  await expect(page.getByTestId('report-unit')).toHaveText('SMP Islam Terpadu Al-Amin');
  await expect(page.getByTestId('report-printed-at')).toHaveText(/^Dicetak .+ \d{4}, pukul \d\d:\d\d WIB$/);

  // the SMP of the demo: grades 7-9 with three classes each, about 25 students a class
  // (other journeys of the same run may add classes, such as admission's class for next year's new students)
  const summary = page.getByRole('table', { name: 'Rekap siswa per kelas' });
  const demoRows = summary.locator('tbody tr').filter({ has: page.getByRole('cell', { name: /^[789][A-C]$/ }) });
  await expect(demoRows).toHaveCount(9);
  await expect(demoRows.first().locator('td').first()).toHaveText('7A');
  const all = await counts(page);
  expect(all.total).toBeGreaterThanOrEqual(9 * 20);
  expect(all.male + all.female).toBe(all.total);
  await expect(summary.locator('tfoot th').last()).toHaveText(String(all.total));
  const row7A = summary.locator('tbody tr').filter({ has: page.getByRole('cell', { name: '7A', exact: true }) });
  const total7A = Number(await row7A.locator('td').last().innerText());
  expect(total7A).toBeGreaterThanOrEqual(20);
  await expect(page.getByRole('table', { name: 'Siswa kelas 8B' })).toBeVisible();

  // one class: its own list, and the same count as in the summary
  await choose(page, 'Kelas', '7A');
  await expect(summary.locator('tbody tr')).toHaveCount(1);
  const one = await counts(page);
  expect(one.total).toBe(total7A);
  await expect(page.getByRole('table', { name: 'Siswa kelas 7A' }).locator('tbody tr')).toHaveCount(total7A);
  await expect(page.getByRole('table', { name: 'Siswa kelas 8B' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Kelas 7A' })).toBeVisible();

  // the server's export with the same filters: a header row and one row a student
  const file = await downloadExcel(page);
  expect(file.name).toBe('laporan-daftar-siswa.xlsx');
  expect(file.rows).toBe(total7A + 1);

  // a search nobody matches
  await page.getByRole('searchbox', { name: 'Cari' }).fill('zzzz-tidak-ada-zzzz');
  await expect(page.getByText('Tidak ada data', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Cari' }).fill('');
  await expect(page.getByRole('table', { name: 'Siswa kelas 7A' })).toBeVisible();

  // Cetak opens the browser's print; on paper only the report stands, without the shell and the filters
  type Printable = { print: () => void; printed: number };
  await page.evaluate(() => {
    const w = globalThis as unknown as Printable;
    w.printed = 0;
    w.print = () => void w.printed++;
  });
  await page.getByRole('button', { name: 'Cetak' }).click();
  expect(await page.evaluate(() => (globalThis as unknown as Printable).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(page.getByTestId('app-header')).toBeHidden();
  await expect(page.getByTestId('app-footer')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cetak' })).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Kelas' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Laporan Daftar Siswa' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Siswa kelas 7A' })).toBeVisible();
});

test('employee list report: staff with division counts, one division, Excel', async ({ page }) => {
  await signIn(page, 'principal');
  await openReport(page, 'Laporan daftar pegawai');
  await expect(page).toHaveURL(/\/backend\/mms\/report\/employee-list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Laporan Daftar Pegawai' })).toBeVisible();
  await expect(page.getByTestId('report-unit')).toHaveText('SMP Islam Terpadu Al-Amin');

  const list = page.getByRole('table', { name: 'Daftar pegawai' });
  const all = await counts(page);
  expect(all.total).toBeGreaterThanOrEqual(15);
  await expect(list.locator('tbody tr')).toHaveCount(all.total);
  const divisions = page.getByRole('table', { name: 'Rekap pegawai per divisi' });
  const teachersRow = divisions
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: 'Guru', exact: true }) });
  const teachers = Number(await teachersRow.locator('td').last().innerText());
  expect(teachers).toBeGreaterThan(5);
  await expect(list.getByRole('cell', { name: 'Drs. H. Muhammad Yusuf, M.Pd.' })).toBeVisible();

  await choose(page, 'Divisi', 'Guru');
  await expect(divisions.locator('tbody tr')).toHaveCount(1);
  expect((await counts(page)).total).toBe(teachers);
  await expect(list.locator('tbody tr')).toHaveCount(teachers);

  const file = await downloadExcel(page);
  expect(file.name).toBe('laporan-daftar-pegawai.xlsx');
  expect(file.rows).toBe(teachers + 1);
});

test("timetable report: every class's week on the unit's bell times, one class, Excel", async ({ page }) => {
  // nine full week grids drawn, then a class chosen and its Excel built: 19 s on a quiet run, past 30 s at load 15
  test.setTimeout(60_000);
  await signIn(page, 'principal');
  await openReport(page, 'Laporan jadwal pelajaran');
  await expect(page).toHaveURL(/\/backend\/mms\/report\/schedule$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Laporan Jadwal Pelajaran' })).toBeVisible();
  await expect(page.getByText(/^Semester (Ganjil|Genap) · Tahun pelajaran \d{4}\/\d{4}$/)).toBeVisible();

  // nine SMP classes, each a Monday-Saturday grid of 8 periods with bell times
  const grids = page.getByRole('table', { name: /^Jadwal \d[A-C]$/ });
  await expect(grids).toHaveCount(9);
  const grid7A = page.getByRole('table', { name: 'Jadwal 7A' });
  await expect(grid7A.getByRole('columnheader', { name: 'Senin' })).toBeVisible();
  await expect(grid7A.getByRole('columnheader', { name: 'Sabtu' })).toBeVisible();
  await expect(grid7A.locator('tbody tr')).toHaveCount(8);
  await expect(grid7A.locator('tbody tr').first().locator('th')).toContainText('07:00–07:40');
  await expect(grid7A.getByTestId('cell-1-1')).not.toBeEmpty();

  await choose(page, 'Kelas', '9C');
  await expect(grids).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Kelas 9C' })).toBeVisible();
  const lessons = Number((await page.getByText(/\d+ jam pelajaran sepekan/).innerText()).match(/(\d+) jam/)![1]);
  expect(lessons).toBeGreaterThan(20);

  const file = await downloadExcel(page);
  expect(file.name).toBe('laporan-jadwal-pelajaran.xlsx');
  expect(file.rows).toBe(lessons + 1);
});

test('a division without school monitoring gets the 403 page on the report addresses', async ({ page }) => {
  await signIn(page, 'student');
  for (const report of ['student-list', 'employee-list', 'schedule']) {
    await page.goto(`/backend/mms/report/${report}`);
    await expect(page.getByText('Akses ditolak')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cetak' })).toHaveCount(0);
  }
});
