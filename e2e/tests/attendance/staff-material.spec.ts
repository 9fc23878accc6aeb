import { expect, test } from '@playwright/test';
import { signIn, expectDone } from '../support.ts';

test('a teacher checks in at server time and the principal sees them present in the all-teacher daily view', async ({
  browser,
}) => {
  const teacher = await (await browser.newContext()).newPage();
  await signIn(teacher, 'teacher');
  await teacher.goto('/backend/mms/tutor/attendance');
  await expect(teacher.getByRole('heading', { name: 'Presensi saya' })).toBeVisible();
  const checkIn = teacher.getByRole('button', { name: 'Presensi masuk' });
  // a repeated run finds the day already checked in
  if (await checkIn.isEnabled()) {
    await checkIn.click();
    await expectDone(teacher);
  }
  await expect(teacher.getByTestId('check-in-time')).toHaveText(/^\d{2}:\d{2}$/);
  await expect(checkIn).toBeDisabled();

  const principal = await (await browser.newContext()).newPage();
  await signIn(principal, 'principal');
  await principal.goto('/backend/mms/tutor/attendance-all');
  await principal.getByRole('tab', { name: /Semua pegawai/ }).click();
  const row = principal.getByRole('row').filter({ hasText: 'Ahmad Fauzi' });
  // the principal decides leave, so the status is a field they may change
  await expect(row.getByRole('combobox')).toHaveValue('Hadir');
});

test('a teacher adds subject material; the principal records a class visit', async ({ browser }) => {
  // two people's journeys in one test: on a busy machine it needs more than the default 30 s
  test.slow();
  const teacher = await (await browser.newContext()).newPage();
  await signIn(teacher, 'teacher');
  await teacher.goto('/backend/mms/tutor/material');
  await teacher.getByRole('button', { name: 'Tambah materi' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'Tambah materi' });
  // the subject picker offers only what the server lets this teacher write
  const choices = (await (await teacher.request.get('/api/v1/materials/choices')).json()) as {
    items: { subjectName: string }[];
  };
  const taught = [...new Set(choices.items.map((c) => c.subjectName))];
  expect(taught).toContain('Matematika');
  await dialog.getByRole('combobox', { name: 'Mapel' }).click();
  await expect(teacher.getByRole('option')).toHaveCount(taught.length);
  await teacher.getByRole('option', { name: 'Matematika', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Tingkat' }).click();
  await teacher.getByRole('option').first().click();
  // a missing title is shown under its field and goes away as soon as it is typed
  await dialog.getByRole('button', { name: 'Simpan materi' }).click();
  const titleField = dialog.getByLabel('Judul');
  await expect(titleField).toHaveAttribute('aria-invalid', 'true');
  const title = `Bilangan bulat ${Date.now()}`;
  await titleField.fill(title);
  await expect(titleField).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Isi materi').fill('Penjumlahan dan pengurangan bilangan bulat.');
  // a new material carries its attachment from the start
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'lembar-kerja.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await dialog.getByRole('button', { name: 'Simpan materi' }).click();
  await expectDone(teacher);
  await expect(teacher.getByRole('row').filter({ hasText: title })).toBeVisible();
  await teacher.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'Ubah' }).click();
  await expect(
    teacher.getByRole('dialog', { name: 'Ubah' }).getByRole('link', { name: 'lembar-kerja.pdf' }),
  ).toBeVisible();
  await teacher.keyboard.press('Escape');

  const principal = await (await browser.newContext()).newPage();
  await signIn(principal, 'principal');
  await principal.goto('/backend/mms/principal/class-control');
  await principal.getByRole('combobox', { name: 'Kelas' }).first().click();
  await principal.getByRole('option', { name: '7A', exact: true }).click();
  const note = `Kelas tertib ${Date.now()}`;
  await principal.getByLabel('Catatan').first().fill(note);
  await principal.getByRole('button', { name: 'Simpan kunjungan' }).click();
  await expectDone(principal);
  await expect(principal.getByRole('row').filter({ hasText: note })).toBeVisible();
});

test('a student files a sick note with a PDF and withdraws it while pending', async ({ page }) => {
  await signIn(page, 'student');
  await page.goto('/backend/mms/students/student/permission');
  const reason = `Demam tinggi ${Date.now()}`;
  await page.getByLabel('Alasan').fill(reason);
  // the attachment field opens a hidden file input
  await page.locator('input[type=file]').setInputFiles({
    name: 'surat-dokter.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await page.getByRole('button', { name: 'Kirim pengajuan' }).click();
  await expectDone(page);
  const row = page.getByRole('row').filter({ hasText: reason });
  await expect(row.getByText('Menunggu')).toBeVisible();
  await expect(row.getByRole('link', { name: 'Lihat lampiran' })).toBeVisible();
  await row.getByRole('button', { name: 'Tarik' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Tarik' }).click();
  await expect(page.getByRole('row').filter({ hasText: reason })).toHaveCount(0);
});
