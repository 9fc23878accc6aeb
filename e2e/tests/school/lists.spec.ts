import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { signIn } from '../support.ts';

test('lists page, search and export to Excel (server-built and browser-built files)', async ({ page }) => {
  // several pages and five downloads: over 30 s on a loaded two-core machine (a CI run at 63 min timed out here)
  test.setTimeout(90_000);
  await signIn(page, 'wakakur');
  await page.goto('/backend/mms/principal/student-all');
  const table = page.getByRole('table', { name: 'Tabel siswa' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByText(/^1–\d+ dari \d+$/)).toBeVisible();

  // a search nobody matches shows the empty state
  await page.getByRole('searchbox', { name: 'Cari nama, NIS atau NISN' }).fill('zzzz-tidak-ada-zzzz');
  await expect(page.getByText('Tidak ada data yang cocok.')).toBeVisible();

  // the student list comes from the server's export
  const [serverFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Ekspor Excel' }).click(),
  ]);
  expect(serverFile.suggestedFilename()).toMatch(/\.xlsx$/);

  // the subject list is built in the browser (exceljs loaded on demand)
  await page.goto('/backend/mms/tutor/subjects');
  await expect(page.getByRole('table', { name: 'Tabel mata pelajaran' }).locator('tbody tr').first()).toBeVisible();
  const [browserFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Ekspor Excel' }).click(),
  ]);
  expect(browserFile.suggestedFilename()).toBe('mata-pelajaran.xlsx');
  const bytes = readFileSync((await browserFile.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK'); // an .xlsx is a zip
});
