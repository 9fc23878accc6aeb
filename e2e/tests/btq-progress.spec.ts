import { expect, test } from '@playwright/test';
import { apiAs } from './school/school-api.ts';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

interface SheetRow {
  studentId: number;
  name: string;
  level: { name: string; pages: number | null } | null;
  lastEntry: { pageTo: number | null } | null;
}

/**
 * The BTQ journey of issue 16, every actor on a 360 px phone: the demo ustadz ("teacher") enters the day's progress
 * of their halaqah and a student reaches the last page of the level; the ustadz proposes the promotion; ANOTHER
 * ustadz (the outside ustadzah "ustadzah", signed in with the account the principal made for her, not the
 * coordinator) records the munaqosyah; the COORDINATOR ("teachercashier", not the principal) approves; and the
 * ustadz's recap, which showed the old level, shows the new one.
 */
test('progress entry, proposal, munaqosyah by another ustadz, approval by the coordinator, the recap on a 360 px phone', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const ustadz = await (await browser.newContext()).newPage();
  const tester = await (await browser.newContext()).newPage();
  const coordinator = await (await browser.newContext()).newPage();
  const ustadzApi = await apiAs(ustadz.request, 'teacher');
  const testerApi = await apiAs(tester.request, 'ustadzah');
  const coordinatorApi = await apiAs(coordinator.request, 'teachercashier');
  // the tester is an ordinary ustadz, the approver the unit's coordinator
  expect((await testerApi.get<{ canDecide: boolean }>('/btq-progress/promotions')).canDecide).toBe(false);
  expect((await coordinatorApi.get<{ canDecide: boolean }>('/btq-progress/promotions')).canDecide).toBe(true);

  // the seeded student one page before the end of the level
  const groups = await ustadzApi.get<{ id: number; name: string }[]>('/btq-progress/groups');
  expect(groups.length).toBeGreaterThan(0);
  let row: SheetRow | undefined;
  let group = groups[0]!;
  for (const g of groups) {
    const sheet = await ustadzApi.get<{ rows: SheetRow[] }>(`/btq-progress/sheet?groupId=${g.id}`);
    row = sheet.rows.find((r) => r.level?.pages && r.lastEntry?.pageTo === r.level.pages - 1);
    if (row) {
      group = g;
      break;
    }
  }
  expect(row, 'a student one page before the end').toMatchObject({ name: expect.any(String) });
  const name = row!.name;
  const last = row!.level!.pages!;
  const levelName = row!.level!.name;

  // ---- the recap before: the student's current level is the old one ----
  await ustadz.goto('/backend/mms/btq/recap');
  const before = ustadz.getByRole('table', { name: 'Jilid siswa saat ini' }).getByRole('row').filter({ hasText: name });
  await expect(before).toContainText(levelName);

  // ---- the ustadz enters the session's progress ----
  await ustadz.goto('/backend/mms/btq/progress');
  await expect(ustadz.getByRole('heading', { name: 'Progres BTQ' })).toBeVisible();
  await ustadz.getByRole('combobox', { name: 'Kelompok' }).click();
  await ustadz.getByRole('option', { name: new RegExp(`^${group.name} \\(`) }).click();
  const card = ustadz.getByRole('region', { name });
  await expect(card.getByRole('textbox', { name: `Hal. dari — ${name}` })).toHaveValue(String(last));
  await card.getByRole('textbox', { name: `Hal. sampai — ${name}` }).fill(String(last));
  await card.getByRole('textbox', { name: `Nilai — ${name}` }).fill('92');
  await expect(card.getByText('Mumtaz')).toBeVisible();
  await ustadz.getByRole('button', { name: 'Simpan semua' }).click();
  // saved: the sheet's last entry is the last page (a durable check; the toast may be gone on a busy machine)
  await expect
    .poll(async () => {
      const sheet = await ustadzApi.get<{ rows: SheetRow[] }>(`/btq-progress/sheet?groupId=${group.id}`);
      return sheet.rows.find((r) => r.studentId === row!.studentId)?.lastEntry?.pageTo;
    })
    .toBe(last);

  // ---- and proposes the promotion ----
  await card.getByRole('button', { name: 'Ajukan kenaikan' }).click();
  const confirm = ustadz.getByRole('dialog', { name: 'Ajukan kenaikan' });
  await confirm.getByRole('button', { name: 'Ajukan kenaikan' }).click();
  await expect(card.getByText('Diajukan')).toBeVisible();
  const promotions = await ustadzApi.get<{ items: { studentId: number; toLevel: string }[] }>(
    '/btq-progress/promotions',
  );
  const toLevel = promotions.items.find((p) => p.studentId === row!.studentId)!.toLevel;

  // ---- another ustadz records the munaqosyah ----
  await tester.goto('/backend/mms/btq/promotion');
  await expect(tester.getByRole('heading', { name: 'Kenaikan Jilid & Munaqosyah' })).toBeVisible();
  await tester.getByRole('button', { name: `Catat tes ${name}` }).click();
  const dialog = tester.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /^Hasil/ }).click();
  await tester.getByRole('option', { name: 'Lulus', exact: true }).click();
  await dialog.getByRole('textbox', { name: /^Nilai/ }).fill('88');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toHaveCount(0);

  // the tester may not decide: no approve button for them
  await tester.reload();
  await expect(tester.getByRole('heading', { name: 'Kenaikan Jilid & Munaqosyah' })).toBeVisible();
  await expect(tester.getByRole('button', { name: `Setujui ${name}` })).toHaveCount(0);

  // ---- the coordinator approves ----
  await coordinator.goto('/backend/mms/btq/promotion');
  await coordinator.getByRole('button', { name: `Setujui ${name}` }).click();
  await coordinator.getByRole('dialog', { name: 'Setujui' }).getByRole('button', { name: 'Setujui' }).click();
  await expect(coordinator.getByRole('table', { name: 'Sudah diputuskan' }).getByText(name)).toBeVisible();

  // ---- the recap shows the new level ----
  await ustadz.goto('/backend/mms/btq/recap');
  const levels = ustadz.getByRole('table', { name: 'Jilid siswa saat ini' });
  const studentRow = levels.getByRole('row').filter({ hasText: name });
  await expect(studentRow).toBeVisible();
  await expect(studentRow).toContainText(toLevel);
  expect(toLevel).not.toBe(levelName);
});
