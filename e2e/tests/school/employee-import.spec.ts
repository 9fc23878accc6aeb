import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiAs, sdFrame } from './school-api.ts';

/** An employee workbook in the template's columns (row 2 onwards). */
async function workbook(rows: (string | null)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Pegawai');
  sheet.addRow(['NIP*', 'Nama*', 'L/P', 'Jabatan', 'Divisi*', 'Kata sandi awal*']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Uploads in the open dialog; picks the unit first when given (the dialog keeps it after closing). */
async function upload(page: Page, unitCode: string | undefined, buffer: Buffer) {
  const dialog = page.getByRole('dialog', { name: 'Impor pegawai dari Excel' });
  if (unitCode !== undefined) {
    await dialog.getByRole('combobox', { name: /^Unit/ }).click();
    await page.getByRole('option', { name: new RegExp(`^${unitCode} `) }).click();
  }
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'pegawai.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
  return dialog;
}

test('an employee workbook with two bad rows is rejected with both reasons; a good one adds the employee', async ({
  page,
}) => {
  const api = await apiAs(page.request, 'admin');
  const { unit } = await sdFrame(api);
  const stamp = Date.now().toString().slice(-8);
  const nip = `E2E-IMP-${stamp}`;

  await page.goto('/backend/mms/principal/teacher-list');
  await page.getByRole('button', { name: 'Impor Excel' }).click();
  const dialog = await upload(
    page,
    unit.code,
    await workbook([
      [nip, `Guru Impor ${stamp}`, 'L', 'Guru Kelas', 'TEACHER', `sandi-impor-${stamp}`],
      [nip, `Guru Kembar ${stamp}`, 'P', null, 'TEACHER', `sandi-kembar-${stamp}`],
      [`E2E-IMQ-${stamp}`, `Guru Divisi ${stamp}`, 'L', null, 'KEPALA', `sandi-divisi-${stamp}`],
    ]),
  );
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Impor ditolak');
  await expect(alert.getByRole('listitem').filter({ hasText: /^Baris 3, NIP/ })).toBeVisible();
  await expect(alert.getByRole('listitem').filter({ hasText: /^Baris 4, Divisi/ })).toBeVisible();
  expect((await api.get<{ total: number }>(`/employees?q=${nip}`)).total).toBe(0);

  await dialog.getByRole('button', { name: 'Batal' }).click();
  await page.getByRole('button', { name: 'Impor Excel' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Impor pegawai dari Excel' }).getByRole('combobox', { name: /^Unit/ }),
  ).toHaveValue(new RegExp(`^${unit.code} `));
  await upload(
    page,
    undefined,
    await workbook([[nip, `Guru Impor ${stamp}`, 'L', 'Guru Kelas', 'TEACHER', `sandi-impor-${stamp}`]]),
  );
  await expect(page.getByRole('dialog', { name: 'Impor pegawai dari Excel' })).toBeHidden();
  await page.getByRole('searchbox', { name: 'Cari nama atau NIP' }).fill(nip);
  await expect(page.getByRole('row').filter({ hasText: nip })).toContainText(`Guru Impor ${stamp}`);
});
