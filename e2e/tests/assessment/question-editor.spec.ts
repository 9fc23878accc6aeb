import { expect, test } from '@playwright/test';
import { expectDone, signIn } from '../support.ts';

/** A 2×2 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
const BISMILLAH = 'بِسْمِ اللَّهِ';

test('a teacher writes a question with bold text, a formula, an Arabic line and a picture, and previews it', async ({
  page,
}) => {
  test.slow();
  await signIn(page, 'teacher');
  await page.goto('/backend/mms/tutor/summative-input');
  await expect(page.getByRole('heading', { level: 1, name: 'Bank soal' })).toBeVisible();
  const run = `Editor ${Date.now()}`;

  await page.getByRole('button', { name: 'Tulis soal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tulis soal' });
  await dialog.getByRole('combobox', { name: 'Mapel dan tingkat' }).click();
  // the last subject and grade: the quiz journey picks its question from the first
  await page.getByRole('option').last().click();

  // ---- the stem: bold text and a formula, then an Arabic line ----
  const stem = dialog.getByRole('textbox', { name: /^Soal/ });
  const toolbar = dialog.getByRole('toolbar', { name: 'Alat format Soal' });
  await stem.click();
  await page.keyboard.type(`${run}: `);
  await toolbar.getByRole('button', { name: 'Tebal' }).click();
  await page.keyboard.type('setengah');
  await toolbar.getByRole('button', { name: 'Tebal' }).click();
  await page.keyboard.type(' ditulis ');
  await toolbar.getByRole('button', { name: 'Rumus' }).click();
  const math = page.getByRole('dialog', { name: 'Rumus (LaTeX)' });
  await math.getByLabel('Rumus dalam LaTeX').fill('\\frac{1}{2}');
  await expect(math.locator('[data-math-preview] .katex')).toBeVisible();
  await math.getByRole('button', { name: 'Sisipkan' }).click();
  await expect(stem.locator('.katex')).toBeVisible();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText(BISMILLAH);
  await toolbar.getByRole('button', { name: 'Arab' }).click();
  await expect(stem.locator('p[dir="rtl"][lang="ar"]')).toHaveText(BISMILLAH);

  // ---- a picture, uploaded and re-encoded by the server ----
  const chooser = page.waitForEvent('filechooser');
  await toolbar.getByRole('button', { name: 'Unggah gambar' }).click();
  await (await chooser).setFiles({ name: 'gambar.png', mimeType: 'image/png', buffer: PNG });
  await expect(stem.locator('img[src^="/api/v1/questions/images/"]')).toBeVisible();

  for (const [id, text] of [
    ['a', '1/2'],
    ['b', '2'],
    ['c', '1/4'],
    ['d', '4'],
  ])
    await dialog.getByRole('textbox', { name: `Pilihan ${id}`, exact: true }).fill(text!);
  await dialog.getByRole('radio', { name: 'Kunci a' }).check();
  await dialog.getByRole('button', { name: 'Simpan soal' }).click();
  await expectDone(page);

  // ---- the preview shows it as written ----
  const row = page.getByRole('row').filter({ hasText: run });
  await row.getByRole('button', { name: /^Pratinjau/ }).click();
  const preview = page.getByRole('dialog', { name: 'Pratinjau soal' });
  await expect(preview.locator('strong', { hasText: 'setengah' })).toBeVisible();
  await expect(preview.locator('.katex').first()).toBeVisible();
  const arabic = preview.locator('[dir="rtl"][lang="ar"]', { hasText: BISMILLAH }).first();
  await expect(arabic).toBeVisible();
  expect([...(await arabic.innerText()).trim()]).toEqual([...BISMILLAH]);
  const image = preview.locator('img[src^="/api/v1/questions/images/"]');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
});
