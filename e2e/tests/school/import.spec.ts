import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiAs, sdFrame } from './school-api.ts';

test('an Excel import with two bad rows is rejected with both reasons, and nothing is saved', async ({ page }) => {
  const api = await apiAs(page.request, 'admin');
  const { unit } = await sdFrame(api);

  // the server's own template, with one good row and two bad ones (rows 3 and 4 as Excel numbers them)
  const template = await page.request.get('/api/v1/students/import/template');
  expect(template.status()).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await template.body()) as unknown as ExcelJS.Buffer);
  const sheet = book.getWorksheet('Siswa')!;
  const stamp = Date.now().toString().slice(-8);
  const goodNis = `7${stamp}`;
  sheet.getRow(2).values = [goodNis, null, null, `Siswa Impor ${stamp}`];
  sheet.getRow(3).values = [`8${stamp}`, '123', null, `Siswa NISN Salah ${stamp}`];
  sheet.getRow(4).values = [`6${stamp}`, null, null, null];
  const buffer = Buffer.from(await book.xlsx.writeBuffer());

  await page.goto('/backend/mms/principal/student-all');
  await page.getByRole('button', { name: 'Impor Excel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impor siswa dari Excel' });
  await dialog.getByRole('combobox', { name: /^Unit/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${unit.code} `) }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'siswa.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await dialog.getByRole('button', { name: 'Impor', exact: true }).click();

  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Impor ditolak');
  await expect(alert.getByRole('listitem').filter({ hasText: /^Baris 3, NISN/ })).toBeVisible();
  await expect(alert.getByRole('listitem').filter({ hasText: /^Baris 4, Nama/ })).toBeVisible();
  const found = await api.get<{ total: number }>(`/students?q=${goodNis}`);
  expect(found.total).toBe(0);
});
