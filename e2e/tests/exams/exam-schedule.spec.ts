import { expect, test, type Page } from '@playwright/test';
import { expectDone, fillDate, signIn } from '../support.ts';

async function api(page: Page, method: 'POST' | 'PUT', url: string, data: unknown) {
  const { csrfToken } = (await (await page.request.get('/api/v1/auth/me')).json()) as { csrfToken: string };
  const res = await page.request.fetch(url, { method, headers: { 'x-csrf-token': csrfToken }, data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** Picks an option of a labelled select (Mantine's combobox). */
async function choose(scope: Page | ReturnType<Page['getByRole']>, label: string, option: RegExp | string) {
  const page = 'page' in scope ? scope.page() : scope;
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * The exam schedule (issue 12): a summative for 7A is written and approved through the API; the curriculum
 * deputy sets up a room and a session on screen, places the exam for 7A, is refused a second slot with the
 * same proctor in the same session (the message names the clash), and prints the cards and the berita acara.
 */
test('WAKAKUR schedules an approved summative, a proctor clash is refused, cards and berita acara print', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const run = Date.now();
  await signIn(page, 'teacher');
  const choices = (await (await page.request.get('/api/v1/questions/choices')).json()) as {
    items: { subjectId: number; subjectName: string; gradeId: number; gradeName: string }[];
  };
  const pair = choices.items.find((c) => c.subjectName === 'Matematika' && c.gradeName.includes('7'))!;
  const q = await api(page, 'POST', '/api/v1/questions', {
    ...pair,
    stem: `<p>Soal ${run}</p>`,
    content: {
      type: 'SINGLE',
      options: [
        { id: 'a', text: '54' },
        { id: 'b', text: '56' },
      ],
      key: 'b',
    },
    points: 1,
  });
  const classes = (await (await page.request.get('/api/v1/classes?q=7&pageSize=50')).json()) as {
    items: { id: number; name: string; gradeId: number }[];
  };
  const cls7a = classes.items.find((c) => c.name === '7A' && c.gradeId === pair.gradeId)!;
  const title = `PAS Matematika ${run}`;
  const a = await api(page, 'POST', '/api/v1/assessments', {
    kind: 'SUMMATIVE',
    title,
    subjectId: pair.subjectId,
    gradeId: pair.gradeId,
    durationMinutes: 90,
    passingMark: 75,
    classIds: [cls7a.id],
  });
  await api(page, 'PUT', `/api/v1/assessments/${a.id}/items`, { items: [{ questionId: q.id }] });
  await api(page, 'POST', `/api/v1/assessments/${a.id}/submit`, {});
  await signIn(page, 'wakakur');
  await api(page, 'POST', `/api/v1/assessments/${a.id}/approve`, {});
  // a second room, for the slot that will clash on its proctor
  const room2 = `Ruang B ${run}`;
  await api(page, 'POST', '/api/v1/exam-schedule/rooms', { name: room2, capacity: 40 });

  await page.goto('/backend/mms/tutor/summative-schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Jadwal ujian' })).toBeVisible();

  // ---- a room and a session, on screen ----
  const room = `Ruang A ${run}`;
  await page.getByRole('tab', { name: 'Ruang & sesi' }).click();
  await page.getByRole('button', { name: 'Tambah ruang' }).click();
  let dialog = page.getByRole('dialog', { name: 'Tambah ruang' });
  await dialog.getByRole('textbox', { name: 'Nama', exact: true }).fill(room);
  await dialog.getByRole('textbox', { name: 'Kapasitas' }).fill('40');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expectDone(page);
  await expect(page.getByTestId('exam-rooms')).toContainText(room);

  await page.getByRole('button', { name: 'Tambah sesi' }).click();
  dialog = page.getByRole('dialog', { name: 'Tambah sesi' });
  await fillDate(dialog, 'Tanggal', '2026-12-07');
  await dialog.getByLabel('Jam mulai').fill('07:30');
  await dialog.getByLabel('Jam selesai').fill('09:00');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expectDone(page);
  await expect(page.getByTestId('exam-sessions')).toContainText('Sesi 1');

  // ---- the exam for 7A in that room and session ----
  await page.getByRole('tab', { name: 'Jadwal' }).click();
  const place = async (className: string, roomName: string) => {
    await page.getByRole('button', { name: 'Tambah jadwal' }).click();
    const form = page.getByRole('dialog', { name: 'Tambah jadwal' });
    await choose(form, 'Ujian', new RegExp(title));
    await choose(form, 'Kelas', className);
    await choose(form, 'Ruang', new RegExp(roomName));
    await choose(form, 'Sesi', /Sesi 1, 07\/12\/2026/);
    await choose(form, 'Pengawas', /.+/);
    await form.getByRole('button', { name: 'Simpan' }).click();
    return form;
  };
  await place('7A', room);
  await expectDone(page);
  const slots = page.getByTestId('exam-slots');
  await expect(slots).toContainText(title);
  await expect(slots).toContainText(room);

  // ---- 7B with the same proctor in the same session, in the other room: refused, naming the clash ----
  const refused = await place('7B', room2);
  await expect(refused.getByText(new RegExp(`sudah mengawas ${title} di ${room}`))).toBeVisible();
  await expect(slots.getByRole('row')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(refused).toBeHidden();
  // the list filtered to 7B: nothing was written for it
  await choose(page, 'Kelas', '7B');
  await expect(page.getByText('Belum ada jadwal ujian.')).toBeVisible();

  // ---- the cards of 7A, each with its QR code ----
  await page.getByRole('tab', { name: 'Cetak' }).click();
  await choose(page, 'Kelas', '7A');
  await expect(page.getByText('Kartu peserta ujian kelas 7A')).toBeVisible();
  await expect(page.getByTestId('exam-card').first()).toContainText(room);
  await expect(page.getByTestId('qr-code').first()).toBeVisible();
  await expect(page.getByTestId('letterhead')).toBeVisible();

  // ---- the berita acara of the room's session ----
  await page.getByText('Berita acara', { exact: true }).click();
  await choose(page, 'Ruang', room);
  await choose(page, 'Sesi', /Sesi 1/);
  const report = page.getByTestId('exam-report');
  await expect(page.getByRole('heading', { name: 'Berita acara pelaksanaan ujian' })).toBeVisible();
  await expect(report).toContainText('Senin, 7 Desember 2026');
  await expect(report).toContainText('07:30–09:00 WIB');
  await expect(report).toContainText('Matematika');
  await expect(report).toContainText(room);
  await expect(page.getByTestId('proctor-signature')).toBeVisible();
});
