import { expect, test } from '@playwright/test';
import { addDays, formatRupiah, longMonth, monthOf } from '@mms/shared';
import { serverToday } from './support.ts';
import { apiAs } from './school/school-api.ts';

interface Attendance {
  status: string;
  lateMinutes: number;
}
interface Journal {
  teacherName: string;
  substituteEmployeeId: number | null;
  topic: string;
}

/** The amount in a slip cell (`Rp 1.250.000`, a deduction with a minus sign) as integer rupiah. */
const rupiahOf = (text: string) => {
  const digits = Number(text.replace(/[^0-9]/g, ''));
  return /[-−]/.test(text) ? -digits : digits;
};

/**
 * The bisyaroh journey (issue 15): the principal gives the demo teacher their own rate for the current month (on
 * the server's clock), computes the month from the seeded staff attendance, finds the teacher's total equal to the
 * hand computation from the teacher's own attendance, locks the month after confirming, and the teacher finds the
 * slip in "Bisyaroh saya" and opens it for printing. Then the previous month, computed and locked by the demo seed
 * from the seeded journals: the teacher's JP line equals the hand count of the seeded journals of that month (the
 * seed writes every lesson of the teacher's timetable on the month's school days but every fifth, topic
 * "Pembahasan materi", no substitute) x Rp 25.000 (the seed's rate of the position "Guru"), and the slip's total is
 * the sum of its lines. (Absences against the calendar and loans are checked by hand numbers in the server tests.)
 */
test('the principal computes and locks a month; the teacher sees the slip', async ({ browser }) => {
  test.setTimeout(90_000);
  const principal = await (await browser.newContext()).newPage();
  const teacher = await (await browser.newContext()).newPage();
  const principalApi = await apiAs(principal.request, 'principal');
  const teacherApi = await apiAs(teacher.request, 'teacher');
  const today = await serverToday(principal);
  const month = today.slice(0, 7);
  const name = 'Ustadz Ahmad Fauzi, S.Pd.';

  const employees = await principalApi.get<{ items: { id: number; name: string }[] }>('/bisyaroh/employees');
  const employeeId = employees.items.find((e) => e.name === name)!.id;
  await principalApi.post('/bisyaroh/rates', {
    employeeId,
    validFrom: month,
    perJp: 0,
    perDay: 40_000,
    onTimePerDay: 7_500,
    transportPerDay: 0,
    absencePerDay: 0,
    allowances: [
      { name: 'Wali kelas', amount: 250_000 },
      { name: 'Piket', amount: 83_000 },
    ],
  });

  // the hand computation from the teacher's own attendance of the month
  const { from, to } = monthOf(month);
  const own = await teacherApi.get<{ items: Attendance[] }>(`/attendance/staff/me?from=${from}&to=${to}&pageSize=200`);
  const present = own.items.filter((a) => a.status === 'HADIR').length;
  const onTime = own.items.filter((a) => a.status === 'HADIR' && a.lateMinutes === 0).length;
  // present x 40.000 + on time x 7.500 + 250.000 + 83.000 (no JP, transport or absence rate; no loan)
  const expected = present * 40_000 + onTime * 7_500 + 250_000 + 83_000;

  await principal.goto('/backend/mms/principal/bisyaroh-process');
  await expect(principal.getByRole('heading', { name: 'Proses Bisyaroh' })).toBeVisible();
  await principal.getByRole('button', { name: /^Hitung/ }).click();
  const row = principal.getByRole('row').filter({ hasText: name }).first();
  await expect(row).toContainText(formatRupiah(expected));
  await principal.getByRole('button', { name: `Rincian ${name}` }).click();
  await expect(principal.getByRole('table', { name: `Rincian ${name}` }).getByText('Wali kelas')).toBeVisible();

  await principal.getByRole('button', { name: 'Kunci bulan' }).click();
  const dialog = principal.getByRole('dialog');
  await expect(dialog).toContainText('tidak dapat diubah lagi');
  // the lock's own answer first, so a refusal names its reason instead of a missing badge
  const locked = principal.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/bisyaroh\/months\/\d+\/lock$/.test(new URL(r.url()).pathname),
  );
  await dialog.getByRole('button', { name: 'Kunci bulan' }).click();
  const lockAnswer = await locked;
  expect(lockAnswer.status(), await lockAnswer.text()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(principal.getByText('Dikunci', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(principal.getByRole('button', { name: /^Hitung/ })).toBeDisabled();

  await teacher.goto('/backend/mms/tutor/bisyaroh');
  await expect(teacher.getByRole('heading', { name: 'Bisyaroh Saya' })).toBeVisible();
  await teacher.getByRole('button', { name: `Slip ${longMonth(month, 'id')}` }).click();
  await expect(teacher.getByTestId('slip-total')).toHaveText(formatRupiah(expected));
  await expect(teacher.getByText('Terbilang:')).toBeVisible();

  // the previous month (on the server's clock), locked by the seed: JP from the seeded journals, by hand
  const previous = addDays(from, -1).slice(0, 7);
  const range = monthOf(previous);
  const seeded: Journal[] = [];
  for (let page = 1; ; page++) {
    const got = await teacherApi.get<{ items: Journal[]; total: number }>(
      `/journals?from=${range.from}&to=${range.to}&mine=true&pageSize=200&page=${page}`,
    );
    seeded.push(...got.items);
    if (seeded.length >= got.total || got.items.length === 0) break;
  }
  const jp = seeded.filter(
    (j) => j.teacherName === name && j.substituteEmployeeId === null && j.topic === 'Pembahasan materi',
  ).length;
  await teacher.getByRole('button', { name: `Slip ${longMonth(previous, 'id')}` }).click();
  // the slip of that month is shown (its title ends with the month), not the one open before
  await expect(teacher.getByRole('heading', { name: new RegExp(`${longMonth(previous, 'id')}$`) })).toBeVisible();
  const slip = teacher.getByRole('table', { name: 'Rincian' });
  const jpRow = slip.getByRole('row').filter({ hasText: 'Mengajar (JP dengan jurnal)' });
  if (jp === 0) {
    // a month with no lesson of this timetable (a holiday month, before the school year): no JP line
    await expect(jpRow).toHaveCount(0);
  } else {
    await expect(jpRow.getByRole('cell')).toHaveText([
      'Mengajar (JP dengan jurnal)',
      String(jp),
      formatRupiah(25_000),
      formatRupiah(jp * 25_000),
    ]);
  }
  // the total is the sum of the lines
  const rows = slip.locator('tbody tr');
  const count = await rows.count();
  let sum = 0;
  for (let i = 0; i < count - 1; i++) sum += rupiahOf(await rows.nth(i).getByRole('cell').last().innerText());
  expect(count).toBeGreaterThan(1);
  await expect(teacher.getByTestId('slip-total')).toHaveText(formatRupiah(sum));
});
