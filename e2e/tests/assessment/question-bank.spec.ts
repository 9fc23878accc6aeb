import { expect, test, type Page } from '@playwright/test';
import { expectDone, signIn } from '../support.ts';

/** Picks a Mantine Select's option in the dialog (the list opens in a portal). */
async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('a teacher writes, lists, edits and deletes questions of the bank', async ({ page }) => {
  test.slow();
  await signIn(page, 'teacher');
  // the menu's "Buat soal sumatif" leads here
  await page.goto('/backend/mms/tutor/summative-input');
  await expect(page.getByRole('heading', { level: 1, name: 'Bank soal' })).toBeVisible();
  const run = Date.now();

  // ---- a pilihan ganda question ----
  await page.getByRole('button', { name: 'Tulis soal' }).click();
  let dialog = page.getByRole('dialog', { name: 'Tulis soal' });
  await pick(page, 'Mapel dan tingkat', /Matematika/);
  const pg = `Hasil dari 7 x 8 adalah ... (${run})`;
  await dialog.getByRole('textbox', { name: /^Soal/ }).fill(pg);
  for (const [id, text] of [
    ['a', '54'],
    ['b', '56'],
    ['c', '58'],
    ['d', '64'],
  ])
    await dialog.getByRole('textbox', { name: `Pilihan ${id}`, exact: true }).fill(text!);
  await dialog.getByRole('radio', { name: 'Kunci b' }).check();
  await dialog.getByRole('button', { name: 'Simpan soal' }).click();
  await expectDone(page);
  await expect(page.getByRole('dialog', { name: 'Tulis soal' })).toHaveCount(0);

  // ---- an isian singkat ----
  await page.getByRole('button', { name: 'Tulis soal' }).click();
  dialog = page.getByRole('dialog', { name: 'Tulis soal' });
  await pick(page, 'Mapel dan tingkat', /Matematika/);
  await pick(page, 'Jenis soal', 'Isian singkat');
  const short = `Ibu kota Indonesia adalah ... (${run})`;
  await dialog.getByRole('textbox', { name: /^Soal/ }).fill(short);
  await dialog.getByRole('textbox', { name: 'Jawaban 1' }).fill('Jakarta');
  await dialog.getByRole('button', { name: 'Simpan soal' }).click();
  await expectDone(page);

  // ---- both are listed, at version 1 ----
  const pgRow = page.getByRole('row').filter({ hasText: pg });
  const shortRow = page.getByRole('row').filter({ hasText: short });
  await expect(pgRow).toContainText('Pilihan ganda');
  await expect(pgRow).toContainText('Versi 1');
  await expect(shortRow).toContainText('Isian singkat');

  // ---- an edit writes version 2 ----
  await pgRow.getByRole('button', { name: /^Ubah/ }).click();
  dialog = page.getByRole('dialog', { name: 'Ubah soal' });
  await expect(dialog.getByRole('textbox', { name: 'Pilihan b', exact: true })).toHaveText('56');
  await dialog.getByRole('textbox', { name: /^Skor/ }).fill('3');
  await dialog.getByRole('button', { name: 'Simpan soal' }).click();
  await expectDone(page);
  await expect(pgRow).toContainText('Versi 2');

  // ---- a delete asks first ----
  await shortRow.getByRole('button', { name: /^Hapus/ }).click();
  await page.getByRole('dialog', { name: 'Hapus soal' }).getByRole('button', { name: 'Hapus' }).click();
  await expectDone(page, /berhasil dihapus/);
  await expect(page.getByRole('row').filter({ hasText: short })).toHaveCount(0);
});
