import { expect, test } from '@playwright/test';
import { expectDone, signIn } from '../support.ts';

const STUDENT = 'Muhammad Rizki Ramadhan';

test('WAKAKUR plans a P5 project, the assessment controller grades it by dimension, the student reads the grade', async ({
  page,
  browser,
}) => {
  test.slow();
  const title = `Sampahku tanggung jawabku ${Date.now()}`;
  await signIn(page, 'wakakur');
  await page.goto('/backend/mms/tutor/scoring-project');
  await expect(page.getByRole('heading', { level: 1, name: 'Nilai projek P5' })).toBeVisible();
  await page.getByRole('button', { name: 'Tambah projek' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah projek' });
  await dialog.getByRole('combobox', { name: 'Tingkat' }).click();
  await page.getByRole('option', { name: 'Kelas 7' }).click();
  await dialog.getByRole('combobox', { name: /^Tema/ }).fill('Gaya Hidup Berkelanjutan');
  await dialog.getByRole('textbox', { name: /^Judul projek/ }).fill(title);
  // nothing chosen yet: the form names the problem
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByText('Pilih minimal satu dimensi')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Bergotong royong' }).check();
  await dialog.getByRole('checkbox', { name: 'Bernalar kritis' }).check();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expectDone(page);
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('0 dari');

  // ---- the teacher-cashier (assessment control) grades 7A ----
  const cashierContext = await browser.newContext();
  const cashier = await cashierContext.newPage();
  await signIn(cashier, 'teachercashier');
  await cashier.goto('/backend/mms/tutor/scoring-project');
  await cashier
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /^Nilai/ })
    .click();
  await expect(cashier.getByRole('heading', { level: 1, name: `Nilai projek ${title}` })).toBeVisible();
  await expect(cashier.getByRole('combobox', { name: 'Kelas' })).toHaveValue('7A');
  await cashier.getByLabel(`Bergotong royong: nilai ${STUDENT}`).selectOption('SAB');
  await cashier.getByLabel(`Bernalar kritis: nilai ${STUDENT}`).selectOption('BSH');
  await cashier.getByLabel(`Catatan untuk ${STUDENT}`).fill('Memimpin kelompok pemilah sampah');
  await cashier.getByRole('button', { name: 'Simpan nilai' }).click();
  await expectDone(cashier);
  await cashier.reload();
  await cashier
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: /^Nilai/ })
    .click();
  await expect(cashier.getByLabel(`Bergotong royong: nilai ${STUDENT}`)).toHaveValue('SAB');
  await cashierContext.close();

  // ---- the project now counts one graded student, and cannot be deleted ----
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('1 dari');
  await expect(row.getByRole('button', { name: /^Hapus/ })).toHaveCount(0);

  // ---- the student ----
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, 'student');
  await student.goto('/backend/mms/students/student/scoring');
  const card = student.getByTestId(`my-p5-${title}`);
  await expect(card).toContainText('SAB (Sangat berkembang)');
  await expect(card).toContainText('BSH (Berkembang sesuai harapan)');
  await expect(card).toContainText('Memimpin kelompok pemilah sampah');
  await studentContext.close();
});
