import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addDays, expectDone, pickFromMultiSelect, serverToday, settled, signIn } from '../support.ts';

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Signs in as the user, opens the screen and clicks the button of the row of the assessment (its dialog opens). */
async function openRow(page: Page, username: string, path: string, title: string, button: string) {
  await signIn(page, username);
  await page.goto(path);
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: new RegExp(`^${button}`) }).click();
  return page.getByRole('dialog', { name: new RegExp(`^${button}`) });
}

/** WCAG 2.1 AA in an open dialog (the a11y suite audits the screens, not their dialogs). */
async function axe(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  // the dialog has slid in and no transition is running (not a fixed wait)
  await settled(page);
  const { violations } = await new AxeBuilder({ page })
    .exclude('.mantine-Notification-root')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} ${v.nodes[0]?.html.slice(0, 160)} ${v.nodes[0]?.failureSummary}`);
  expect(bad).toEqual([]);
}

/**
 * The journey of a quiz (issue 12): a teacher writes a question and a quiz from it and submits it; the curriculum
 * deputy reads it and returns it with a note; the teacher sees the note and submits again; the deputy approves;
 * the teacher puts it on the schedule.
 */
test('a quiz is written, submitted, returned with a note, resubmitted, approved and scheduled', async ({ page }) => {
  test.setTimeout(180_000);
  const run = Date.now();
  await signIn(page, 'teacher');
  // a question of the bank (the bank's own journey writes them through its form)
  const { csrfToken } = (await (await page.request.get('/api/v1/auth/me')).json()) as { csrfToken: string };
  const choices = (await (await page.request.get('/api/v1/questions/choices')).json()) as {
    items: { subjectId: number; subjectName: string; gradeId: number; gradeName: string }[];
  };
  const pair = choices.items.find((c) => c.subjectName === 'Matematika') ?? choices.items[0]!;
  const stem = `Hasil 7 x 8 (${run})`;
  const written = await page.request.post('/api/v1/questions', {
    headers: { 'x-csrf-token': csrfToken },
    data: {
      ...pair,
      stem: `<p>${stem}</p>`,
      content: { type: 'SINGLE', options: ['54', '56'].map((text, i) => ({ id: `o${i}`, text })), key: 'o1' },
      points: 2,
    },
  });
  expect(written.status()).toBe(200);
  await page.goto('/backend/mms/tutor/summative-input');
  await page.getByRole('tab', { name: 'Paket sumatif' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paket sumatif' })).toBeVisible();

  await page.goto('/backend/mms/tutor/formative-input');
  await expect(page.getByRole('heading', { level: 1, name: 'Buat kuis' })).toBeVisible();
  await page.getByRole('button', { name: 'Buat baru' }).click();
  const d = page.getByRole('dialog', { name: 'Buat baru' });
  const title = `Kuis perkalian ${run}`;
  await d.getByRole('textbox', { name: /^Judul/ }).fill(title);
  await pick(page, 'Mapel dan tingkat', `${pair.subjectName} · ${pair.gradeName}`);
  await d.getByRole('textbox', { name: /^Jam tutup/ }).fill('10:00');
  await axe(page, 'editor');
  await d.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expectDone(page);
  // its own question, whatever other journeys add to the same subject and grade
  await d.getByRole('checkbox', { name: new RegExp(`^Pilih soal \\d+: ${stem.replace(/[()]/g, '\\$&')}`) }).check();
  await d.getByRole('button', { name: 'Simpan pilihan soal' }).click();
  await expectDone(page);
  await d.getByRole('button', { name: 'Ajukan untuk dicek' }).click();
  const confirm = page.getByRole('dialog', { name: 'Ajukan penilaian' });
  await confirm.getByRole('button', { name: 'Ajukan untuk dicek' }).click();
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: 'Penilaian diajukan untuk dicek' }),
  ).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Diajukan');

  const check = await openRow(page, 'wakakur', '/backend/mms/tutor/formative-check', title, 'Periksa');
  await expect(page.getByRole('heading', { level: 1, name: 'Cek pembuatan kuis' })).toBeVisible();
  await expect(check).toContainText(stem);
  await axe(page, 'check dialog');
  await check.getByRole('button', { name: 'Kembalikan' }).click();
  await expect(check).toContainText('Catatan pengembalian wajib diisi');
  await check.getByRole('textbox', { name: /Catatan untuk penulis/ }).fill('Tambah soal cerita');
  await check.getByRole('button', { name: 'Kembalikan' }).click();
  await page.getByRole('dialog', { name: 'Kembalikan penilaian' }).getByRole('button', { name: 'Kembalikan' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'dikembalikan' })).toBeVisible();

  await signIn(page, 'teacher');
  await page.goto('/backend/mms/tutor/formative-input');
  const back = page.getByRole('row').filter({ hasText: title });
  await expect(back).toContainText('Dikembalikan');
  await back.getByRole('button', { name: /^Ubah/ }).click();
  const e = page.getByRole('dialog', { name: 'Ubah' });
  await expect(e).toContainText('Catatan pengecek: Tambah soal cerita');
  await e.getByRole('button', { name: 'Ajukan untuk dicek' }).click();
  await page
    .getByRole('dialog', { name: 'Ajukan penilaian' })
    .getByRole('button', { name: 'Ajukan untuk dicek' })
    .click();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Diajukan');

  const approve = await openRow(page, 'wakakur', '/backend/mms/tutor/formative-check', title, 'Periksa');
  await approve.getByRole('button', { name: 'Setujui' }).click();
  await page.getByRole('dialog', { name: 'Setujui penilaian' }).getByRole('button', { name: 'Setujui' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Penilaian disetujui' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);

  // approved, the teacher puts the quiz on the schedule: a class and tomorrow's window
  const plan = await openRow(page, 'teacher', '/backend/mms/tutor/formative-input', title, 'Jadwalkan');
  await pickFromMultiSelect(plan, 'Kelas');
  const tomorrow = addDays(await serverToday(page), 1)
    .split('-')
    .reverse()
    .join('/');
  for (const [end, time] of [
    ['buka', '07:00'],
    ['tutup', '09:00'],
  ] as const) {
    await plan.getByRole('textbox', { name: new RegExp(`^Tanggal ${end}`) }).fill(tomorrow);
    await plan.getByLabel(new RegExp(`^Jam ${end}`)).fill(time);
  }
  await axe(page, 'schedule dialog');
  await plan.getByRole('button', { name: 'Jadwalkan' }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Terjadwal');
});
