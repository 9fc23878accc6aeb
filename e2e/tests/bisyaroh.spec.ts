import { expect, test } from '@playwright/test';
import { formatRupiah, longMonth, monthOf } from '@mms/shared';
import { serverToday } from './support.ts';
import { apiAs } from './school/school-api.ts';

interface Attendance {
  status: string;
  lateMinutes: number;
}

/**
 * The bisyaroh journey (issue 15): the principal gives the demo teacher their own rate for the current month (on
 * the server's clock), computes the month from the seeded staff attendance, finds the teacher's total equal to the
 * hand computation from the teacher's own attendance, locks the month after confirming, and the teacher finds the
 * slip in "Bisyaroh saya" and opens it for printing. (The arithmetic of JP from journals, absences against the
 * calendar and loans is checked by hand numbers in the server tests.)
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
  await dialog.getByRole('button', { name: 'Kunci bulan' }).click();
  await expect(principal.getByText('Dikunci', { exact: true })).toBeVisible();
  await expect(principal.getByRole('button', { name: /^Hitung/ })).toBeDisabled();

  await teacher.goto('/backend/mms/tutor/bisyaroh');
  await expect(teacher.getByRole('heading', { name: 'Bisyaroh Saya' })).toBeVisible();
  await teacher.getByRole('button', { name: `Slip ${longMonth(month, 'id')}` }).click();
  await expect(teacher.getByTestId('slip-total')).toHaveText(formatRupiah(expected));
  await expect(teacher.getByText('Terbilang:')).toBeVisible();
});
