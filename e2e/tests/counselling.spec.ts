import { expect, test } from '@playwright/test';
import { expectDone, signIn } from './support.ts';

test('BPBK writes a note shared with a student; the student reads the summary, the homeroom teacher only the status', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const bpbk = await (await browser.newContext()).newPage();
  const student = await (await browser.newContext()).newPage();
  const teacher = await (await browser.newContext()).newPage();
  await signIn(bpbk, 'bpbk');
  await signIn(student, 'student');
  await signIn(teacher, 'teacher');
  const me = (await (await student.request.get('/api/v1/auth/me')).json()) as {
    user: { studentId: number; displayName: string };
  };
  const stamp = Date.now();
  const secret = `Isi rahasia ${stamp}`;
  const summary = `Ringkasan untukmu ${stamp}`;

  // ---- the counsellor writes an individual note and shares a summary with the student ----
  await bpbk.goto('/backend/mms/bpbk/counselling-input');
  await expect(bpbk.getByRole('heading', { name: 'Input catatan konseling' })).toBeVisible();
  const students = bpbk.getByRole('combobox', { name: 'Siswa' });
  await students.click();
  await students.fill('Rizki');
  await bpbk.getByRole('option', { name: /Muhammad Rizki Ramadhan/ }).click();
  // a group session names several students: the list stays open until the counsellor leaves it
  await students.press('Escape');
  await bpbk.getByRole('combobox', { name: 'Jenis layanan' }).click();
  await bpbk.getByRole('option', { name: 'Individual', exact: true }).click();
  await bpbk.getByRole('combobox', { name: 'Bidang' }).click();
  await bpbk.getByRole('option', { name: 'Belajar', exact: true }).click();
  await bpbk.getByLabel('Hal yang dibahas').fill(secret);
  await bpbk.getByLabel('Dibagikan ke siswa').check();
  await bpbk.getByLabel('Ringkasan untuk siswa').fill(summary);
  await bpbk.getByRole('button', { name: 'Simpan' }).click();
  await expectDone(bpbk);
  await expect(bpbk).toHaveURL(/\/bpbk\/counselling-list$/);
  await expect(bpbk.getByRole('table', { name: 'Catatan konseling' })).toContainText('Muhammad Rizki Ramadhan');
  // the list shows no content
  await expect(bpbk.getByText(secret)).toHaveCount(0);

  // ---- the student reads the summary, never the content ----
  await student.goto('/backend/mms/students/student/counselling');
  await expect(student.getByText(summary)).toBeVisible();
  await expect(student.getByText(secret)).toHaveCount(0);

  // ---- the homeroom teacher of 7A sees that a case exists and its status on the profile, not what it is about ----
  await teacher.goto(`/backend/mms/students/student/profile/${me.user.studentId}`);
  const card = teacher.getByTestId('counselling-status-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText('Individual');
  await expect(card).toContainText('Terbuka');
  await expect(card).not.toContainText('Belajar');
  await expect(teacher.getByText(secret)).toHaveCount(0);
  const list = await teacher.request.get('/api/v1/counselling/notes');
  expect(list.status()).toBe(403);
});
