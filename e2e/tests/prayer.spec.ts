import { expect, test } from '@playwright/test';
import { addDays, dayIntoYear, fillDate, onDay, pickMonth, serverToday } from './support.ts';
import { apiAs } from './school/school-api.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface SheetRow {
  studentId: number;
  name: string;
  status: string | null;
}

test.use({ viewport: { width: 360, height: 780 } });

/**
 * The prayer journey (issue 16) on a phone: a homeroom/duty teacher records a week of dzuhur for a class the demo
 * has no prayers for, one student absent every day; the fifth absence of the month passes SMP's rule (more than
 * 4) and adds 5 discipline points; the principal's recap counts the week. The five school days come from the
 * server's calendar (the sheet refuses a non-school day), all in one month. The student's pesantren record shows
 * the points and, in the current month, the missed prayers. In the first two weeks of a school year (1 July, say)
 * no month of it has five school days past yet: the journey then sets the server's clock two weeks into the year.
 */
test('a week of dzuhur, the recap, and discipline points at the threshold', async ({ browser }) => {
  test.setTimeout(180_000);
  const day = onDay(await dayIntoYear(browser, 14));
  const teacher = await (await browser.newContext({ ...day, viewport: { width: 360, height: 780 } })).newPage();
  const principal = await (await browser.newContext({ ...day, viewport: { width: 360, height: 780 } })).newPage();
  const teacherApi = await apiAs(teacher.request, 'teacher');
  const bpbkApi = await apiAs((await (await browser.newContext(day)).newPage()).request, 'bpbk');
  await apiAs(principal.request, 'principal');
  const today = await serverToday(teacher);

  // ---- the fixture: a class without prayer records and five school days of one month ----
  const { classes } = await teacherApi.get<{ classes: { id: number; name: string }[] }>('/prayer/classes');
  const cls = classes.find((c) => c.name !== '7A')!;
  expect(cls, 'a class other than the seeded 7A').toMatchObject({
    id: expect.any(Number),
    name: expect.not.stringMatching(/^7A$/),
  });
  const byMonth = new Map<string, string[]>();
  let rows: SheetRow[] = [];
  for (let i = 0; i < 45; i++) {
    const date = addDays(today, -i);
    const res = await teacher.request.get(`/api/v1/prayer/sheet?classGroupId=${cls.id}&date=${date}&prayer=DZUHUR`);
    if (res.status() !== 200) continue;
    const members = ((await res.json()) as { rows: SheetRow[] }).rows;
    // no one in the class yet: the day is before this school year began
    if (members.length === 0) break;
    rows = members;
    const month = date.slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), date]);
    if (byMonth.get(month)!.length === 5) break;
  }
  const week = [...byMonth.entries()].find(([, d]) => d.length === 5);
  expect(week, `a month of this school year with five school days up to ${today}`).toBeDefined();
  const [month, days] = week!;
  days.reverse();
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.every((r) => r.status === null)).toBe(true);
  const absent = rows[0]!;
  const present = rows[1]!;

  // ---- the teacher records the week: everyone in congregation, then the one exception ----
  await teacher.goto('/backend/mms/btq/prayer-input');
  await expect(teacher.getByRole('heading', { name: 'Input salat' })).toBeVisible();
  await teacher.getByRole('combobox', { name: 'Kelas' }).click();
  await teacher.getByRole('option', { name: cls.name, exact: true }).click();
  for (const [i, date] of days.entries()) {
    await fillDate(teacher, 'Tanggal', date);
    await expect(teacher.getByText(`${rows.length} siswa belum diisi`)).toBeVisible();
    await teacher.getByRole('button', { name: 'Semua berjamaah' }).click();
    await teacher.getByTestId(`prayer-row-${absent.studentId}`).getByText('Tidak', { exact: true }).click();
    await teacher.getByRole('button', { name: 'Simpan' }).click();
    const status = teacher.getByRole('status').filter({ hasText: `Data salat tersimpan (${rows.length} siswa)` });
    await expect(status).toBeVisible();
    if (i === 4) await expect(status).toContainText(`${absent.name} mendapat 5 poin pelanggaran`);
    else await expect(status).not.toContainText('poin');
  }
  // who recorded shows on the sheet
  await expect(teacher.getByTestId(`prayer-row-${present.studentId}`)).toContainText('Dicatat');

  // ---- the principal's recap counts the week ----
  await principal.goto('/backend/mms/btq/prayer-recap');
  await expect(principal.getByRole('heading', { name: 'Rekap salat' })).toBeVisible();
  if (month !== today.slice(0, 7)) await pickMonth(principal, 'Bulan', month);
  await principal.getByRole('combobox', { name: 'Kelas' }).click();
  await principal.getByRole('option', { name: cls.name, exact: true }).click();
  await principal.getByRole('combobox', { name: 'Salat' }).click();
  await principal.getByRole('option', { name: 'Zuhur', exact: true }).click();
  const table = principal.getByRole('table', { name: 'Per siswa' });
  const absentRow = table.getByRole('row', { name: new RegExp(escape(absent.name)) });
  // name, in congregation, late, excused, absent, total, rate
  await expect(absentRow.getByRole('cell')).toHaveText([`${absent.name} (${cls.name})`, '0', '0', '0', '5', '5', '0']);
  const presentRow = table.getByRole('row', { name: new RegExp(escape(present.name)) });
  await expect(presentRow.getByRole('cell')).toHaveText([
    `${present.name} (${cls.name})`,
    '5',
    '0',
    '0',
    '0',
    '5',
    '100',
  ]);

  const download = principal.waitForEvent('download');
  await principal.getByRole('button', { name: 'Ekspor Excel' }).click();
  expect((await download).suggestedFilename()).toBe(`rekap-salat-${month}.xlsx`);

  // ---- the discipline points: one ledger line of source 'prayer' ----
  const ledger = await bpbkApi.get<{ lines: { source: string; points: number }[] }>(
    `/discipline/ledger/${absent.studentId}`,
  );
  expect(ledger.lines.filter((l) => l.source === 'prayer')).toEqual([expect.objectContaining({ points: 5 })]);

  // ---- the student's pesantren record shows the prayers and the points ----
  await principal.goto(`/backend/mms/students/student/record/${absent.studentId}`);
  await expect(principal.getByRole('heading', { name: `Catatan pesantren siswa: ${absent.name}` })).toBeVisible();
  await expect(principal.getByTestId('record-prayer')).toBeVisible();
  expect(Number(await principal.getByTestId('record-balance').textContent())).toBeGreaterThanOrEqual(5);
  if (month === today.slice(0, 7)) {
    // the record counts this month's dzuhur and ashar: the five missed dzuhur of the week
    await expect(principal.getByTestId('record-missed')).toHaveText('5');
  }

  // ---- the principal's midday page shows the class ----
  await principal.goto('/backend/mms/btq/prayer-midday');
  await expect(principal.getByRole('heading', { name: 'Salat zuhur' })).toBeVisible();
  await expect(principal.getByRole('table', { name: 'Hari ini per kelas' })).toContainText(cls.name);
});
