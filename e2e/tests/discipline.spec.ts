import { expect, test, type Page } from '@playwright/test';
import { expectDone, serverToday } from './support.ts';
import { apiAs } from './school/school-api.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Student {
  id: number;
  name: string;
  nis: string;
  unitCode: string;
  status: string;
  className: string | null;
}
interface Rule {
  id: number;
  code: string;
  points: number;
}

/**
 * The discipline journey (issue 14): a teacher reports violations of a student without points, BPBK verifies
 * them, the third crosses the 50-point threshold of SMP and proposes a summons of the parents, BPBK confirms it,
 * the letter prints on the letterhead, and the principal's recap and chart count it. The reports are dated
 * today on the server's clock, inside the seeded school year.
 */
test('a report, its verification, a crossed threshold, the confirmed sanction, its letter and the recap', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const teacher = await (await browser.newContext()).newPage();
  const bpbk = await (await browser.newContext()).newPage();
  const principal = await (await browser.newContext()).newPage();
  const teacherApi = await apiAs(teacher.request, 'teacher');
  const bpbkApi = await apiAs(bpbk.request, 'bpbk');
  await apiAs(principal.request, 'principal');
  const today = await serverToday(teacher);

  // ---- a student of SMP, outside the seeded 7A, with no points this year ----
  const students = await bpbkApi.get<{ items: Student[] }>('/students?page=1&pageSize=100&sort=name');
  let student: Student | undefined;
  // (the teacher reports SMP's active students only: a retry takes the next one, which must be one of them)
  const smp = students.items.filter(
    (x) => x.unitCode === 'SMP' && x.status === 'ACTIVE' && x.className && x.className !== '7A',
  );
  for (const s of smp) {
    const ledger = await bpbkApi.get<{ balance: number; lines: unknown[] }>(`/discipline/ledger/${s.id}`);
    if (ledger.lines.length === 0) {
      student = s;
      break;
    }
  }
  expect(student, 'a student without points').toMatchObject({ id: expect.any(Number), className: expect.any(String) });
  const { rules } = await teacherApi.get<{ rules: Rule[] }>('/discipline/rules?active=true');
  const rule = (code: string) => rules.find((r) => r.code === code)!;

  // ---- the teacher reports the first violation through the form ----
  await teacher.goto('/backend/mms/teacher/sanction-input');
  await expect(teacher.getByRole('heading', { name: 'Laporkan pelanggaran' })).toBeVisible();
  const picker = teacher.getByRole('combobox', { name: 'Siswa' });
  await picker.click();
  await picker.fill(student!.name.slice(0, 8));
  await teacher.getByRole('option', { name: new RegExp(student!.nis) }).click();
  await teacher.getByRole('combobox', { name: 'Jenis pelanggaran' }).click();
  await teacher.getByRole('option', { name: /R02/ }).click();
  await teacher.getByRole('textbox', { name: 'Tempat' }).fill('Lapangan upacara');
  await teacher.getByRole('button', { name: 'Simpan' }).click();
  await expect(
    teacher.locator('.mantine-Notification-root').filter({ hasText: 'Laporan pelanggaran tersimpan' }),
  ).toBeVisible();
  // two more reports (10 + 10 + 30 = 50 points once verified)
  // the second is the same rule on the same day: a second event, saved only once the teacher confirms it
  const second = await teacherApi.post<{ id: number }>('/discipline/violations', {
    studentId: student!.id,
    ruleId: rule('R02').id,
    occurredOn: today,
    confirmDuplicate: true,
  });
  const third = await teacherApi.post<{ id: number }>('/discipline/violations', {
    studentId: student!.id,
    ruleId: rule('S04').id,
    occurredOn: today,
    place: 'Asrama',
  });
  expect(rule('R02').points + rule('R02').points + rule('S04').points).toBe(50);

  // ---- BPBK verifies the first in the list, the second by the API, the third in the list ----
  const verifyInList = async (page: Page) => {
    await page.goto('/backend/mms/bpbk/violation-list');
    await page.getByLabel('Cari', { exact: true }).fill(student!.nis);
    const verify = page.getByRole('button', { name: new RegExp(`^Verifikasi ${escape(student!.name)}`) }).first();
    const dialog = page.getByRole('dialog', { name: 'Verifikasi' });
    // the search's answer can redraw the list under the click (the row's button replaced): click until it opens
    await expect(async () => {
      await verify.click();
      await expect(dialog).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Verifikasi' }).click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Terverifikasi' }).last()).toBeVisible();
  };
  const reports = await bpbkApi.get<{ items: { id: number }[] }>(
    `/discipline/violations?studentId=${student!.id}&status=REPORTED`,
  );
  const first = reports.items.find((r) => r.id !== second.id && r.id !== third.id)!;
  expect(first, 'the first report, still REPORTED').toMatchObject({ id: expect.any(Number) });
  // the second is verified by the API; the list then holds the first and the third, verified in turn
  await bpbkApi.post(`/discipline/violations/${second.id}/verify`, {});
  await verifyInList(bpbk);
  // two of three verified: 20 or 40 points, below the threshold either way
  await expect
    .poll(async () => (await bpbkApi.get<{ balance: number }>(`/discipline/ledger/${student!.id}`)).balance)
    .toBeGreaterThanOrEqual(20);
  expect((await bpbkApi.get<{ balance: number }>(`/discipline/ledger/${student!.id}`)).balance).toBeLessThan(50);
  await verifyInList(bpbk);
  await expect(bpbk.locator('.mantine-Notification-root').filter({ hasText: 'usulan sanksi dibuat' })).toBeVisible();

  // ---- the proposal appears; BPBK confirms it with the dates ----
  await bpbk.goto('/backend/mms/teacher/sanction-list');
  await bpbk.getByLabel('Cari', { exact: true }).fill(student!.nis);
  const row = bpbk.getByRole('row').filter({ hasText: student!.name });
  await expect(row.getByText('Diusulkan')).toBeVisible();
  await expect(row.getByText('Surat panggilan orang tua I')).toBeVisible();
  await row.getByRole('button', { name: new RegExp(`^Tetapkan ${escape(student!.name)}`) }).click();
  const dialog = bpbk.getByRole('dialog', { name: 'Tetapkan sanksi' });
  await dialog.getByRole('button', { name: 'Tetapkan' }).click();
  await expectDone(bpbk);
  await expect(row.getByText('Ditetapkan')).toBeVisible();

  // ---- the letter prints on the letterhead with the student ----
  await row.getByRole('button', { name: new RegExp(`^Cetak surat ${escape(student!.name)}`) }).click();
  await expect(bpbk.getByTestId('letterhead')).toBeVisible();
  await expect(bpbk.getByTestId('letter-student')).toHaveText(student!.name);
  await expect(bpbk.getByRole('heading', { name: 'Surat panggilan orang tua I' })).toBeVisible();
  await expect(bpbk.getByRole('button', { name: 'Cetak' })).toBeVisible();

  // ---- the principal's recap and chart count the class's three violations, 50 points and the sanction ----
  await principal.goto('/backend/mms/teacher/sanction-recap');
  const recapRow = principal
    .getByRole('table', { name: 'Per kelas' })
    .getByRole('row')
    .filter({ has: principal.getByRole('cell', { name: student!.className!, exact: true }) });
  await expect(recapRow.getByRole('cell')).toHaveText([student!.className!, '3', '50', '1']);
  await principal.goto('/backend/mms/teacher/sanction-chart');
  await expect(principal.getByRole('figure', { name: 'Grafik poin pelanggaran per kelas' })).toBeVisible();
  const chartRow = principal
    .getByRole('table', { name: 'Per kelas' })
    .getByRole('row')
    .filter({ has: principal.getByRole('cell', { name: student!.className!, exact: true }) });
  await expect(chartRow.getByRole('cell')).toHaveText([student!.className!, '3', '50', '1']);
});
