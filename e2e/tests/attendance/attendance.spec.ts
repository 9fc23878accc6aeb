import { expect, test, type Page } from '@playwright/test';
import { expectDone, fillDate, lastSchoolDay, pickMonth, signIn } from '../support.ts';

/** The S and A counts of a student's row in the monthly recap of 7A. */
async function recapCounts(page: Page, date: string, name: string) {
  await page.goto('/backend/mms/tutor/attendance-list?tab=recap');
  await page.getByRole('combobox', { name: 'Kelas' }).click();
  await page.getByRole('option', { name: '7A', exact: true }).click();
  await pickMonth(page, 'Bulan', date.slice(0, 7));
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  const cells = row.getByRole('cell');
  // NIS, name, days, H, S, I, A, %
  return { S: Number(await cells.nth(4).innerText()), A: Number(await cells.nth(6).innerText()) };
}

test.describe.configure({ mode: 'serial' });

test('a teacher takes 7A’s register and writes a journal; the principal sees both; an approved leave turns A into S', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const teacher = await (await browser.newContext()).newPage();
  const principal = await (await browser.newContext()).newPage();
  await signIn(teacher, 'teacher');
  await signIn(principal, 'principal');
  const date = await lastSchoolDay(teacher);

  // ---- the homeroom teacher's daily register: two students absent ----
  await teacher.goto('/backend/mms/tutor/attendance-list');
  await teacher.getByTestId('register-class-7A').getByRole('link').click();
  await expect(teacher.getByRole('heading', { name: 'Presensi harian 7A' })).toBeVisible();
  await expect(teacher).toHaveURL(new RegExp(`/${date}$`));
  // two students still H (a repeated run picks others)
  const rows = teacher.locator('[data-testid^="register-row-"]');
  await expect(rows.first()).toBeVisible();
  const names: string[] = [];
  for (let i = 0; i < (await rows.count()) && names.length < 2; i++) {
    const row = rows.nth(i);
    if ((await row.locator('input[type=radio][value=H]').isChecked()) === false) continue;
    await row.locator('label').filter({ hasText: /^A$/ }).click();
    names.push((await row.locator('p').first().innerText()).replace(/^\d+\.\s*/, ''));
  }
  expect(names).toHaveLength(2);
  await expect(teacher.getByTestId('register-save-bar')).toContainText('A 2');
  await teacher.getByRole('button', { name: 'Simpan presensi' }).click();
  await expectDone(teacher);
  await expect(teacher.getByText('Sudah diisi')).toBeVisible();

  // ---- the journal of one of the teacher's lessons that day ----
  await teacher.goto(`/backend/mms/tutor/journal?date=${date}`);
  await teacher.getByRole('combobox', { name: 'Jam pelajaran' }).click();
  const option = teacher.getByRole('option').first();
  const lessonLabel = await option.innerText();
  const lessonClass = lessonLabel.split(' · ')[1]!;
  await option.click();
  const topic = `Pecahan campuran ${Date.now()}`;
  await teacher.getByLabel('Materi/topik').fill(topic);
  await teacher.getByLabel('Tujuan pembelajaran').fill('Siswa dapat menjumlahkan pecahan');
  await teacher.getByRole('button', { name: 'Simpan jurnal' }).click();
  await expectDone(teacher);

  // ---- the principal: absent list, class entry, recap ----
  await principal.goto('/backend/mms/tutor/attendance-list?tab=absent');
  await fillDate(principal, 'Dari tanggal', date);
  await fillDate(principal, 'Sampai tanggal', date);
  const absentTable = principal.getByRole('table', { name: 'Tidak hadir' });
  for (const name of names) await expect(absentTable.getByRole('row').filter({ hasText: name })).toBeVisible();

  await principal.goto('/backend/mms/other/analysis-class-entry');
  await fillDate(principal, 'Dari tanggal', date);
  await fillDate(principal, 'Sampai tanggal', date);
  const entry = principal.getByTestId(`class-entry-${lessonClass}`);
  await expect(entry.getByTestId('written')).not.toHaveText('0');

  // Analisis kehadiran: counted by the server as the recap counts; the two absentees are A in 7A.
  await principal.goto('/backend/mms/other/analysis-attendance');
  await fillDate(principal, 'Dari tanggal', date);
  await fillDate(principal, 'Sampai tanggal', date);
  const analysis = principal.getByTestId('attendance-analysis-7A');
  await expect(analysis).toBeVisible();
  expect(Number(await analysis.getByRole('cell').nth(4).innerText())).toBeGreaterThanOrEqual(2);
  await expect(analysis.getByTestId('percentage')).not.toHaveText('–');

  const before = await recapCounts(principal, date, names[0]!);
  expect(before.A).toBeGreaterThanOrEqual(1);

  // ---- a sick note for the first absent student, approved by the principal ----
  await teacher.goto('/backend/mms/tutor/permission');
  await teacher.getByRole('radiogroup', { name: 'Untuk' }).getByText('Siswa').click();
  await teacher.getByRole('combobox', { name: 'Kelas' }).click();
  await teacher.getByRole('option', { name: '7A', exact: true }).click();
  await teacher.getByRole('combobox', { name: 'Siswa' }).click();
  await teacher.getByRole('option', { name: new RegExp(`^${names[0]!}`) }).click();
  await fillDate(teacher, 'Tanggal mulai', date);
  await fillDate(teacher, 'Tanggal selesai', date);
  await teacher.getByLabel('Alasan').fill('Demam, surat dokter terlampir');
  await teacher.getByRole('button', { name: 'Kirim pengajuan' }).click();
  await expectDone(teacher);

  await principal.goto('/backend/mms/tutor/permission');
  const request = principal.getByRole('row').filter({ hasText: names[0]! }).filter({ hasText: 'Menunggu' });
  await request.getByRole('button', { name: 'Setujui' }).click();
  await principal.getByRole('dialog').getByRole('button', { name: 'Setujui' }).click();
  await expectDone(principal);

  const after = await recapCounts(principal, date, names[0]!);
  expect(after.S).toBe(before.S + 1);
  expect(after.A).toBe(before.A - 1);
});
