import { expect, test } from '@playwright/test';
import { addDays, fillDate, serverToday } from './support.ts';
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

  // ---- the school day the ustadz records ----
  const { items: groups } = await teacherApi.get<{ items: Group[] }>('/btq/groups');
  const created = groups.find((g) => g.name === name)!;
  expect(created, 'the ustadz sees the new group').toBeTruthy();
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
  await teacher.getByRole('button', { name: 'Simpan' }).click();
  type Marked = { items: { studentId: number; status: string | null }[] };
  const marked = async () => ((await sheetOf(group, date)) as unknown as Marked).items;
  await expect
    .poll(async () => (await marked()).find((s) => s.studentId === expected[0]!.studentId)?.status)
    .toBe('IZIN');
  expect((await marked()).filter((s) => s.status === 'HADIR')).toHaveLength(expected.length - 1);
  // no sideways scrolling on the phone
  const overflow = await teacher.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});
