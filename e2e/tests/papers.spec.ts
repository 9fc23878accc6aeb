import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { longDate } from '@mms/shared';
import { serverToday, signIn } from './support.ts';

/** Clicks the Excel button and reads the first sheet of the workbook that arrives. */
async function downloadSheet(page: Page) {
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Ekspor Excel' }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync((await download.path())!) as unknown as ExcelJS.Buffer);
  return { name: download.suggestedFilename(), sheet: book.worksheets[0]! };
}

test("a report prints on the unit's letterhead with the headmaster's signature, and its export has a heading", async ({
  page,
}) => {
  await signIn(page, 'principal');
  await page.goto('/backend/mms/report/student-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Laporan Daftar Siswa' })).toBeVisible();

  // the letterhead: the foundation, the school and its NPSN (the demo unit's settings), not "Yayasan · MMS"
  const letterhead = page.getByTestId('letterhead');
  await expect(page.getByTestId('report-unit')).toHaveText('SMP Islam Terpadu Al-Amin');
  await expect(page.getByTestId('letterhead-npsn')).toHaveText('NPSN 20235678');
  await expect(page.getByTestId('letterhead-foundation')).toHaveText('Yayasan Pendidikan Islam Al-Amin');
  await expect(letterhead).not.toContainText('MMS');
  // the signature block: place and today's date on the server's clock, the headmaster and NIP
  const today = await serverToday(page);
  const signature = page.getByTestId('signature');
  await expect(signature).toContainText(`Bogor, ${longDate(today, 'id')}`);
  await expect(signature).toContainText('Kepala Sekolah');
  await expect(page.getByTestId('signature-name')).toHaveText('Drs. H. Muhammad Yusuf, M.Pd.');
  await expect(page.getByTestId('signature-nip')).toHaveText('NIP. 197204101998031004');

  // on paper: the letterhead and the signature stand, the application and the filters do not
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cetak' })).toBeHidden();
  await expect(letterhead).toBeVisible();
  await expect(signature).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // the server's export: title, the filters used and the print date above the table
  const { name, sheet } = await downloadSheet(page);
  expect(name).toBe('laporan-daftar-siswa.xlsx');
  expect(sheet.name).toBe('Siswa');
  expect(sheet.getCell('A1').value).toBe('Daftar Siswa');
  expect(sheet.getCell('A2').value).toBe('Filter: Unit: SMP Islam Terpadu Al-Amin; Status: Aktif');
  expect(sheet.getCell('A3').value).toBe(`Dicetak: ${longDate(today, 'id')}`);
  expect(sheet.getRow(5).values).toEqual([undefined, 'NIS', 'NISN', 'Nama', 'L/P', 'Unit', 'Kelas', 'Status']);
});

test("'Jadwal mengajar saya' prints on the unit's paper and exports its week with a heading", async ({ page }) => {
  await signIn(page, 'teacher');
  await page.goto('/backend/mms/tutor/teaching-schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Jadwal mengajar saya' })).toBeVisible();
  await expect(page.getByTestId('report-unit')).toHaveText('SMP Islam Terpadu Al-Amin');
  await expect(page.getByTestId('schedule-teacher')).toHaveText(
    'Guru: Ustadz Ahmad Fauzi, S.Pd. · NIP 198503142010011002',
  );
  await expect(page.getByRole('button', { name: 'Cetak' })).toBeVisible();

  const { name, sheet } = await downloadSheet(page);
  expect(name).toBe('jadwal-mengajar-saya.xlsx');
  expect(sheet.getCell('A1').value).toBe('Jadwal mengajar saya – Ustadz Ahmad Fauzi, S.Pd.');
  expect(String(sheet.getCell('A2').value)).toMatch(
    /^Filter: Guru: Ustadz Ahmad Fauzi, S\.Pd\. \(198503142010011002\); Semester: (Ganjil|Genap)$/,
  );
  expect(sheet.getCell('A3').value).toBe(`Dicetak: ${longDate(await serverToday(page), 'id')}`);
  expect(sheet.getCell('A5').value).toBe('Hari');
  expect(sheet.actualRowCount).toBeGreaterThan(5);
});

test("the principal's dashboard shows what waits, with the counts of the screens it links to", async ({ page }) => {
  await signIn(page, 'principal');
  interface Waiting {
    leaveToDecide: number;
    classesNotTaken: number;
    staffNotCheckedIn: number;
    staffTotal: number;
  }
  const read = async () => (await (await page.request.get('/api/v1/attendance/waiting')).json()) as Waiting;
  // the suite's other worker may file a leave request, take a register or check in meanwhile: each figure shown
  // must be the screen's count as it was just before or just after the dashboard loaded
  const before = await read();
  await page.goto('/backend/dashboard');
  const widget = page.getByTestId('waiting');
  await expect(widget.getByText('Menunggu Anda hari ini')).toBeVisible();
  await expect(widget.getByTestId('waiting-staff')).toHaveText(/^\d+$/);
  const shown = {
    leave: await widget.getByTestId('waiting-leave').innerText(),
    registers: await widget.getByTestId('waiting-registers').innerText(),
    staff: await widget.getByTestId('waiting-staff').innerText(),
  };
  const after = await read();
  const either = (key: keyof Waiting) => [String(before[key]), String(after[key])];
  expect(either('leaveToDecide')).toContain(shown.leave);
  expect(either('classesNotTaken')).toContain(shown.registers);
  expect(either('staffNotCheckedIn')).toContain(shown.staff);
  await expect(widget).toContainText(`Guru/pegawai belum absen masuk: ${shown.staff} dari ${after.staffTotal}`);
  // the attendance widget says what its staff figure counts, the same number
  await expect(page.getByTestId('leader-today')).toContainText(
    `Guru/pegawai belum absen masuk hari ini: ${shown.staff} dari ${after.staffTotal}`,
  );

  // the leave figure opens the requests to decide
  await widget.getByText('Izin/sakit menunggu keputusan').click();
  await expect(page).toHaveURL(/\/backend\/mms\/tutor\/permission$/);
});
