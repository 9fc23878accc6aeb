import { expect, test } from '@playwright/test';
import { addDays, fillDate, serverToday, signInWithForm } from './support.ts';
import { apiAs, unique } from './school/school-api.ts';

interface Group {
  id: number;
  name: string;
}
interface Sheet {
  schoolDay: boolean;
  items: { studentId: number; name: string }[];
}

/**
 * The BTQ set-up journey (issue 16): the principal makes a halaqah for the demo ustadz (the TEACHER account) and
 * adds three students without a group; the ustadz records the presence of a school day on a 360 px phone. The
 * new members join today: when today is no school day, the ustadz records their seeded group on the last
 * school day instead (members since the start of the year).
 */
test('the principal groups three students and the ustadz records their presence on a phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const principal = await (await browser.newContext()).newPage();
  const teacher = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await apiAs(principal.request, 'principal');
  const teacherApi = await apiAs(teacher.request, 'teacher');
  const name = `Halaqah E2E ${unique()}`;

  // ---- the principal creates the group through the form ----
  await principal.goto('/backend/mms/btq/grouping');
  await expect(principal.getByRole('heading', { name: 'Pengelompokan' })).toBeVisible();
  await principal.getByRole('button', { name: 'Tambah kelompok' }).click();
  const form = principal.getByRole('dialog', { name: 'Tambah kelompok' });
  await form.getByRole('textbox', { name: 'Nama' }).fill(name);
  await form.getByRole('combobox', { name: 'Ustadz' }).click();
  await principal.getByRole('option', { name: /Ahmad Fauzi/ }).click();
  await form.getByRole('button', { name: 'Simpan' }).click();
  await expect(form).toBeHidden();

  // ---- and adds three students without a group ----
  await principal.getByRole('button', { name, exact: true }).click();
  await principal.getByRole('button', { name: 'Tambah anggota' }).click();
  const add = principal.getByRole('dialog');
  const boxes = add.getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  for (let i = 0; i < 3; i++) await boxes.nth(i).check();
  await add.getByRole('button', { name: 'Tambah anggota' }).click();
  await expect(add).toBeHidden();
  const members = principal.getByRole('table').last().getByRole('row');
  await expect(members).toHaveCount(4); // header + three

  // ---- the group's printable page, linked from the grouping screen ----
  await principal.getByRole('link', { name: 'Halaman cetak' }).click();
  await expect(principal.getByRole('heading', { name: `Kelompok ${name}` })).toBeVisible();
  await expect(principal.getByText(/Ahmad Fauzi/).first()).toBeVisible();
  await expect(principal.getByRole('table', { name: 'Anggota' }).getByRole('row')).toHaveCount(4);
  await expect(principal.getByRole('button', { name: 'Cetak' })).toBeVisible();

  // ---- the school day the ustadz records ----
  const { items: groups } = await teacherApi.get<{ items: Group[] }>('/btq/groups');
  const created = groups.find((g) => g.name === name)!;
  expect(created, 'the ustadz sees the new group').toMatchObject({ name });
  const today = await serverToday(teacher);
  let date = today;
  let group = created;
  const sheetOf = (g: Group, d: string) => teacherApi.get<Sheet>(`/btq/presence?groupId=${g.id}&date=${d}`);
  if (!(await sheetOf(created, today)).schoolDay) {
    group = groups.find((g) => g.name === 'Halaqah Al-Fatih')!;
    for (let back = 1; back <= 14; back++) {
      date = addDays(today, -back);
      if ((await sheetOf(group, date)).schoolDay) break;
    }
  }
  const expected = (await sheetOf(group, date)).items;
  expect(expected.length).toBeGreaterThanOrEqual(3);

  // ---- the ustadz on a 360 px phone ----
  await teacher.goto('/backend/mms/btq/presence');
  await expect(teacher.getByRole('heading', { name: 'Presensi BTQ' })).toBeVisible();
  await teacher.getByRole('combobox', { name: 'Kelompok' }).click();
  await teacher.getByRole('option', { name: new RegExp(group.name) }).click();
  if (date !== today) await fillDate(teacher, 'Tanggal', date);
  await expect(teacher.getByRole('radiogroup', { name: expected[0]!.name })).toBeVisible();
  const allPresent = teacher.getByRole('button', { name: 'Semua hadir' });
  const box = await allPresent.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(40); // a big touch target
  await allPresent.click();
  await teacher.getByRole('radiogroup', { name: expected[0]!.name }).getByText('Izin', { exact: true }).click();
  await teacher.getByRole('textbox', { name: `Catatan — ${expected[0]!.name}` }).fill('Acara keluarga');
  await teacher.getByRole('button', { name: 'Simpan' }).click();
  type Marked = { items: { studentId: number; status: string | null; note?: string | null }[] };
  const marked = async () => ((await sheetOf(group, date)) as unknown as Marked).items;
  await expect
    .poll(async () => (await marked()).find((s) => s.studentId === expected[0]!.studentId)?.status)
    .toBe('IZIN');
  expect((await marked()).filter((s) => s.status === 'HADIR')).toHaveLength(expected.length - 1);
  expect((await marked()).find((s) => s.studentId === expected[0]!.studentId)?.note).toBe('Acara keluarga');
  // no sideways scrolling on the phone
  const overflow = await teacher.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});

/**
 * An outside ustadz (not an employee) gets a sign-in: the principal adds them on the Penugasan ustadz screen,
 * makes the account there and reads the one-time password once; with it the ustadz signs in as a TEACHER of the
 * unit who leads no group yet.
 */
test('the principal gives an outside ustadz an account with a one-time password', async ({ browser, playwright }) => {
  const principal = await (await browser.newContext()).newPage();
  await apiAs(principal.request, 'principal');
  const name = `Ustadz Luar ${unique()}`;
  const username = `luar.${unique()}`.toLowerCase();
  await principal.goto('/backend/mms/btq/teacher');
  await expect(principal.getByRole('heading', { name: 'Penugasan ustadz' })).toBeVisible();
  await principal.getByRole('button', { name: 'Tambah ustadz' }).click();
  const form = principal.getByRole('dialog', { name: 'Tambah ustadz' });
  await form.getByText('Pengajar luar (bukan pegawai)').click();
  await form.getByRole('textbox', { name: 'Nama' }).fill(name);
  await form.getByRole('button', { name: 'Simpan' }).click();
  await expect(form).toBeHidden();

  await principal.getByRole('button', { name: `Buat akun ${name}` }).click();
  const dialog = principal.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Nama pengguna' }).fill(username);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  const password = (await dialog.getByTestId('one-time-password').textContent())!.trim();
  expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
  await dialog.getByRole('button', { name: 'Selesai' }).click();
  await expect(principal.getByRole('row').filter({ hasText: name })).toContainText(username);

  const own = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await own.post('/api/v1/auth/login', { data: { username, password } });
  expect(login.status()).toBe(200);
  expect((await login.json()).user).toMatchObject({ division: 'TEACHER', employeeId: null });
  const groups = await own.get('/api/v1/btq-progress/groups');
  expect(groups.status()).toBe(200);
  expect(await groups.json()).toEqual([]);
  await own.dispose();
});

/** The demo outside ustadzah signs in with the form on a phone and finds her own halaqah, and only hers. */
test('the outside ustadzah signs in and opens her own halaqah on a phone', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await signInWithForm(page, 'ustadzah');
  await expect(page).toHaveURL(/\/backend/);
  await page.goto('/backend/mms/btq/progress');
  await expect(page.getByRole('heading', { name: 'Progres BTQ' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Kelompok' }).click();
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: /Halaqah Ar-Rahman/ })).toBeVisible();
});
