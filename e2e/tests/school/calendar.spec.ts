import { expect, test, type Page } from '@playwright/test';
import {
  addDays,
  dayIntoYear,
  expectDone,
  fillDate,
  onDay,
  pickMonth,
  serverToday,
  signIn,
  weekdayOf,
} from '../support.ts';

/**
 * The day the test turns into a holiday: the Wednesday of the week before the current one, a
 * past school day of the demo's active year (which the demo seeds around the server's date). In the first two
 * weeks of a school year there is none yet: the journey then sets the server's clock two weeks into the year.
 */
async function chosenDay(page: Page): Promise<{ day: string; yearStart: string }> {
  const res = await page.request.get('/api/v1/calendar');
  expect(res.status()).toBe(200);
  const { startDate } = (await res.json()) as { startDate: string };
  const today = await serverToday(page);
  return { day: addDays(today, -weekdayOf(today) - 4), yearStart: startDate };
}

test('a holiday entered in the Kalender akademik: no register asked that day, and a register not taken is "belum diisi"', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const clockDay = onDay(await dayIntoYear(browser, 14));
  const wakakur = await (await browser.newContext(clockDay)).newPage();
  const teacher = await (await browser.newContext(clockDay)).newPage();
  await signIn(wakakur, 'wakakur');
  await signIn(teacher, 'teacher');
  const { day, yearStart } = await chosenDay(wakakur);
  expect(day >= yearStart, `${day}, a past school day of the year that began ${yearStart}`).toBe(true);
  const name = `Libur uji ${Date.now()}`;

  // ---- WAKAKUR enters a local day off on the chosen day ----
  await wakakur.goto('/backend/mms/tutor/academic-calendar');
  await expect(wakakur.getByRole('heading', { name: 'Kalender akademik' })).toBeVisible();
  await pickMonth(wakakur, 'Bulan', day.slice(0, 7));
  await expect(wakakur.getByTestId(`calendar-day-${day}`)).toHaveAttribute('data-school-day', 'true');
  // a school day so far shows how many classes took their register
  await expect(wakakur.getByTestId(`calendar-day-${day}`).getByTestId('day-registers')).toBeVisible();
  await wakakur.getByRole('button', { name: 'Tambah kegiatan' }).click();
  const form = wakakur.getByRole('dialog', { name: 'Tambah kegiatan' });
  await form.getByRole('combobox', { name: 'Jenis' }).click();
  await wakakur.getByRole('option', { name: 'Libur sekolah' }).click();
  await form.getByLabel('Nama kegiatan').fill(name);
  await fillDate(form, 'Tanggal mulai', day);
  await fillDate(form, 'Tanggal selesai', day);
  await form.getByRole('button', { name: 'Simpan' }).click();
  await expectDone(wakakur);
  const cell = wakakur.getByTestId(`calendar-day-${day}`);
  await expect(cell).toHaveAttribute('data-school-day', 'false');
  await expect(cell).toContainText(name);
  await expect(cell.getByTestId('day-registers')).toHaveCount(0);
  await expect(wakakur.getByTestId('calendar-entries').getByRole('row').filter({ hasText: name })).toBeVisible();

  // ---- the teacher: no register that day, and the server says why ----
  await teacher.goto('/backend/mms/tutor/attendance-list');
  await fillDate(teacher, 'Tanggal', day);
  await expect(teacher.getByText('Bukan hari sekolah (kalender akademik).')).toBeVisible();
  await expect(teacher.getByTestId('register-class-7A').getByRole('link')).toHaveAttribute('data-disabled', 'true');
  await teacher.goto(`/backend/mms/tutor/attendance-list/${await classIdOf(teacher, '7A')}/${day}`);
  // (the page's alert, and the error notification of the failed read)
  await expect(teacher.getByRole('alert').filter({ hasText: name }).first()).toBeVisible();

  // ---- the recap: the month's school days without a register are "belum diisi", the holiday is not counted ----
  await teacher.goto('/backend/mms/tutor/attendance-list?tab=recap');
  await teacher.getByRole('combobox', { name: 'Kelas' }).click();
  await teacher.getByRole('option', { name: '7A', exact: true }).click();
  await pickMonth(teacher, 'Bulan', day.slice(0, 7));
  await expect(teacher.getByTestId('recap-not-taken-days')).toContainText('belum diisi');
  await expect(teacher.getByRole('columnheader', { name: 'Belum diisi' })).toBeVisible();

  // ---- WAKAKUR deletes the entry, after a confirmation ----
  await wakakur.getByRole('button', { name: `Hapus ${name}` }).click();
  await wakakur.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
  await expectDone(wakakur);
  await expect(wakakur.getByTestId(`calendar-day-${day}`)).toHaveAttribute('data-school-day', 'true');
});

test('everyone reads the calendar; only WAKAKUR and ADMIN see the edit buttons', async ({ page }) => {
  await signIn(page, 'student');
  await page.goto('/backend/mms/tutor/academic-calendar');
  await expect(page.getByRole('heading', { name: 'Kalender akademik' })).toBeVisible();
  await expect(page.getByTestId(/^calendar-day-/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tambah kegiatan' })).toHaveCount(0);
  await page.goto('/backend/dashboard');
  await expect(page.getByTestId('upcoming-holidays')).toBeVisible();
});

async function classIdOf(page: Page, name: string): Promise<number> {
  const res = await page.request.get('/api/v1/attendance/classes');
  const { items } = (await res.json()) as { items: { classGroupId: number; className: string }[] };
  return items.find((c) => c.className === name)!.classGroupId;
}
