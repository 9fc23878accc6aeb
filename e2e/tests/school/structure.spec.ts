import { expect, test, type Page } from '@playwright/test';
import { academicPeriodOfDate } from '@mms/shared';
import { expectDone, serverToday, signIn, signInWithForm } from '../support.ts';
import { apiAs, apiGet, sdFrame, unique } from './school-api.ts';

/** Picks an option of a Mantine select by typing part of its text. */
async function choose(page: Page, label: string | RegExp, text: string, scope = page.locator('body')) {
  const input = scope.getByRole('combobox', { name: label });
  await input.click();
  if ((await input.getAttribute('readonly')) === null) await input.fill(text);
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .click();
}

test('admin creates a class and a student, enrols the student, places a lesson and sees a clash refused', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const id = unique();
  // signs the page in as admin too
  const api = await apiAs(page.request, 'admin');
  const { unit, year, grade } = await sdFrame(api);
  // a teacher of this run only, so that no demo lesson can clash with the first placement
  const teacherName = `Ustadz Uji ${id}`;
  const teacher = await api.post<{ id: number }>('/employees', {
    nip: `E2E${id}`,
    name: teacherName,
    division: 'TEACHER',
    unitId: unit.id,
    password: `Rahasia-${id}-2026`,
  });

  // 1. a class of the active year
  const className = `U${id}`.slice(0, 12);
  await page.goto('/backend/mms/tutor/class-titles');
  await page.getByRole('button', { name: 'Tambah kelas' }).click();
  const classDialog = page.getByRole('dialog', { name: 'Tambah kelas' });
  await choose(page, /^Tingkat/, grade.name, classDialog);
  await classDialog.getByLabel(/^Nama kelas/).fill(className);
  await classDialog.getByRole('button', { name: 'Simpan' }).click();
  await expectDone(page);
  const classes = await api.get<{ items: { id: number; name: string }[] }>(
    `/classes?pageSize=200&academicYearId=${year.id}&unitId=${unit.id}&q=${className}`,
  );
  const klass = classes.items.find((c) => c.name === className)!;
  expect(klass).toMatchObject({ id: expect.any(Number), name: className });

  // 2. a student; a field error shows under its input before anything is sent
  const nis = `9${Date.now().toString().slice(-8)}`;
  const studentName = `Siswa Uji ${id}`;
  await page.goto('/backend/mms/principal/student-input');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Nama wajib diisi')).toBeVisible();
  await choose(page, /^Unit/, unit.code!);
  await page.getByLabel(/^NIS\W*$/).fill(nis);
  await page.getByLabel(/^Nama\W*$/).fill(studentName);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expectDone(page);
  await expect(page).toHaveURL(/\/backend\/mms\/students\/student\/profile\/\d+$/);
  await expect(page.getByRole('heading', { name: studentName })).toBeVisible();
  const studentId = Number(page.url().split('/').pop());

  // the same NIS again: the server's 409 names the other record under the NIS input
  await page.goto('/backend/mms/principal/student-input');
  await choose(page, /^Unit/, unit.code!);
  await page.getByLabel(/^NIS\W*$/).fill(nis);
  await page.getByLabel(/^Nama\W*$/).fill(`${studentName} B`);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.locator('.mantine-InputWrapper-error', { hasText: studentName }).first()).toBeVisible();

  // 3. enrol the student from the filtered list
  await page.goto('/backend/mms/tutor/class-mutation');
  await choose(page, 'Kelas tujuan', className);
  await page.getByRole('searchbox', { name: 'Cari nama, NIS atau NISN' }).fill(nis);
  await page.getByRole('checkbox', { name: `Pilih ${studentName} (${nis})` }).check();
  await page.getByRole('button', { name: 'Masukkan 1 siswa' }).click();
  await expectDone(page, /1 siswa dimasukkan ke kelas/);
  await page.goto(`/backend/mms/students/student/profile/${studentId}`);
  await expect(page.getByRole('table', { name: 'Riwayat kelas' }).getByText(className)).toBeVisible();

  // 4. a lesson on Monday, period 1: the timetable offers what the school assigned (subject, teacher, JP);
  //    the check finds no clash and it is saved
  const { semester } = academicPeriodOfDate(await serverToday(page));
  const subjects = await api.get<{ items: { id: number; name: string }[] }>(`/subjects?unitId=${unit.id}&pageSize=5`);
  const subject = subjects.items[0]!;
  await api.post('/teaching-assignments', {
    employeeId: teacher.id,
    subjectId: subject.id,
    classGroupId: klass.id,
    semester,
    hoursPerWeek: 2,
  });
  await page.goto(`/backend/mms/tutor/schedule-input?class=${klass.id}`);
  await page.getByRole('button', { name: 'Senin, jam ke-1: Kosong' }).click();
  const slotDialog = page.getByRole('dialog');
  await slotDialog.getByRole('combobox', { name: 'Mata pelajaran' }).click();
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: subject.name }).click();
  // the only assigned teacher is chosen already, with the assignment's JP
  await expect(slotDialog.getByRole('combobox', { name: 'Guru' })).toHaveValue(`${teacherName} (2 JP/minggu)`);
  await expect(slotDialog.getByText('Tidak ada bentrok')).toBeVisible();
  await slotDialog.getByRole('button', { name: 'Simpan' }).click();
  await expectDone(page);
  await expect(page.getByRole('button', { name: new RegExp(`^Senin, jam ke-1: .*${teacherName}`) })).toBeVisible();

  // 5. the same teacher at the same time in another class: the clash shows before saving, the save is refused
  const other = await api.post<{ id: number }>('/classes', {
    academicYearId: year.id,
    gradeId: grade.id,
    name: `V${id}`.slice(0, 12),
  });
  await api.post('/teaching-assignments', {
    employeeId: teacher.id,
    subjectId: subject.id,
    classGroupId: other.id,
    semester,
    hoursPerWeek: 2,
  });
  await page.goto(`/backend/mms/tutor/schedule-input?class=${other.id}`);
  await page.getByRole('button', { name: 'Senin, jam ke-1: Kosong' }).click();
  const clashDialog = page.getByRole('dialog');
  await clashDialog.getByRole('combobox', { name: 'Mata pelajaran' }).click();
  await page.getByRole('option', { name: subject.name }).click();
  const clash = clashDialog.getByRole('alert').filter({ hasText: 'Bentrok' });
  await expect(clash).toBeVisible();
  await expect(clash).toContainText(className);
  // while the clash is shown, Simpan waits
  await expect(clashDialog.getByRole('button', { name: 'Simpan' })).toBeDisabled();
  // the lesson is moved to a free period instead: edit it in place, not delete and re-add
  await clashDialog.getByRole('button', { name: 'Batal' }).click();
  await expect(clashDialog).toBeHidden();
  await page.goto(`/backend/mms/tutor/schedule-input?class=${klass.id}`);
  await page.getByRole('button', { name: new RegExp(`^Senin, jam ke-1: .*${teacherName}`) }).click();
  const editDialog = page.getByRole('dialog');
  await expect(editDialog.getByRole('button', { name: 'Hapus' })).toBeVisible();
  await expect(editDialog.getByRole('button', { name: 'Simpan' })).toBeDisabled();
  const week = await api.get<{ items: unknown[] }>(`/timetable/classes/${other.id}`);
  expect(week.items).toHaveLength(0);
});

test('the teacher sees their own teaching schedule', async ({ page }) => {
  await signIn(page, 'teacher');
  await page.goto('/backend/dashboard');
  const menu = page.getByTestId('main-menu');
  await menu.getByText('Jadwal', { exact: true }).click();
  await menu.getByText('Jadwal mengajar saya', { exact: true }).click();
  await expect(page).toHaveURL(/\/backend\/mms\/tutor\/teaching-schedule$/);
  await expect(page.getByRole('heading', { name: 'Jadwal mengajar saya' })).toBeVisible();
  const own = await apiGet(page.request)<{ items: { subjectName: string; className: string }[] }>('/timetable/me');
  if (own.items.length > 0) {
    const grid = page.getByRole('table', { name: /^Jadwal / });
    await expect(grid.getByRole('columnheader', { name: 'Senin' })).toBeVisible();
    await expect(grid.getByText(own.items[0]!.className).first()).toBeVisible();
  } else {
    await expect(page.getByText('Belum ada jadwal.')).toBeVisible();
  }
});

test('the student sees their subject schedule and profile, and changes their phone number', async ({ page }) => {
  await signInWithForm(page, 'student');
  await expect(page).toHaveURL(/\/backend\/dashboard/);
  const menu = page.getByTestId('main-menu');
  await menu.getByText('Jadwal pelajaran', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Jadwal pelajaran saya' })).toBeVisible();
  const get = apiGet(page.request);
  const week = await get<{ className: string | null; items: { subjectName: string }[] }>('/timetable/me');
  if (week.className) {
    await expect(page.getByText(`Kelas ${week.className}`)).toBeVisible();
    if (week.items[0]) await expect(page.getByRole('table').getByText(week.items[0].subjectName).first()).toBeVisible();
  } else {
    await expect(page.getByText('Anda belum terdaftar di kelas mana pun tahun ini.')).toBeVisible();
  }

  await menu.getByText('Profil siswa', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Profil saya' })).toBeVisible();
  const me = await get<{ nis: string; name: string }>('/students/me');
  await expect(page.getByText(me.nis, { exact: true })).toBeVisible();
  // a wrong number is refused under its input; a right one is saved
  await page.getByLabel('Nomor HP', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Nomor HP tidak valid')).toBeVisible();
  const phone = `0812${Date.now().toString().slice(-8)}`;
  await page.getByLabel('Nomor HP', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expectDone(page);
  expect((await get<{ phone: string }>('/students/me')).phone).toBe(phone);
});
