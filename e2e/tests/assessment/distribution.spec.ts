import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { addDays, pickFromMultiSelect, serverToday, signIn } from '../support.ts';

async function api<T = { id: number; state: string }>(page: Page, method: 'POST' | 'PUT', url: string, data: unknown) {
  const { csrfToken } = (await (await page.request.get('/api/v1/auth/me')).json()) as { csrfToken: string };
  const res = await page.request.fetch(url, { method, headers: { 'x-csrf-token': csrfToken }, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

const ddmmyyyy = (date: string) => date.split('-').reverse().join('/');

/** Fills a date and an HH:MM time of the dialog (Tanggal buka / Jam buka...). */
async function when(dialog: Locator, what: string, date: string, time: string) {
  await dialog.getByRole('textbox', { name: new RegExp(`^Tanggal ${what}`) }).fill(ddmmyyyy(date));
  await dialog.getByLabel(new RegExp(`^Jam ${what}`)).fill(time);
}

/** Opens the screen, clicks "Distribusikan" on the row of the title and answers its dialog; the row leaves the tab. */
async function distribute(
  page: Page,
  path: string,
  title: string,
  className: string,
  window: { day: string; opens: string; closeDay: string; closes: string; due?: { day: string; time: string } },
) {
  await page.goto(path);
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: /^Distribusikan/ }).click();
  const dialog = page.getByRole('dialog', { name: `Distribusikan: ${title}` });
  await pickFromMultiSelect(dialog, 'Kelas', className);
  await when(dialog, 'buka', window.day, window.opens);
  await when(dialog, 'tutup', window.closeDay, window.closes);
  if (window.due) await when(dialog, 'batas pengumpulan', window.due.day, window.due.time);
  await dialog.getByRole('button', { name: 'Distribusikan' }).click();
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: 'Penilaian didistribusikan' }),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  // distributed, it waits under its own tab
  await page.getByRole('tab', { name: 'Sudah didistribusikan' }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText(className);
}

/**
 * The distribution of issue 12: a teacher distributes an approved quiz and task to 7A (the task with its due time)
 * and finds them in the quiz and task schedules; WAKAKUR distributes an approved summative to 7B and finds it in
 * the controllers' distribution overview; the principal opens the scoring report, whose Excel export holds the
 * figures the report shows.
 */
test('teacher and WAKAKUR distribute, the schedules and the overview show it, the scoring report exports its figures', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const run = Date.now();
  const today = await serverToday(page);
  const tomorrow = addDays(today, 1);

  // ---- through the API: a question, a quiz, a task and a summative of the teacher, approved by WAKAKUR ----
  await signIn(page, 'teacher');
  const choices = (await (await page.request.get('/api/v1/questions/choices')).json()) as {
    items: { subjectId: number; subjectName: string; gradeId: number; gradeName: string }[];
  };
  const pair = choices.items.find((c) => c.subjectName === 'Matematika' && c.gradeName.includes('7'))!;
  const q = await api(page, 'POST', '/api/v1/questions', {
    ...pair,
    stem: `<p>Distribusi ${run}: 6 x 7 = ...</p>`,
    content: {
      type: 'SINGLE',
      options: [
        { id: 'a', text: '42' },
        { id: 'b', text: '48' },
      ],
      key: 'a',
    },
    points: 1,
  });
  const quiz = `Kuis distribusi ${run}`;
  const task = `Tugas distribusi ${run}`;
  const exam = `Sumatif distribusi ${run}`;
  const made: Record<string, number> = {};
  for (const [kind, title] of [
    ['FORMATIVE', quiz],
    ['TASK', task],
    ['SUMMATIVE', exam],
  ] as const) {
    const a = await api(page, 'POST', '/api/v1/assessments', {
      kind,
      title,
      subjectId: pair.subjectId,
      gradeId: pair.gradeId,
      durationMinutes: kind === 'TASK' ? null : 60,
      passingMark: 75,
    });
    if (kind !== 'TASK') await api(page, 'PUT', `/api/v1/assessments/${a.id}/items`, { items: [{ questionId: q.id }] });
    made[title] = a.id;
  }
  const submitted = [];
  for (const id of Object.values(made)) submitted.push(await api(page, 'POST', `/api/v1/assessments/${id}/submit`, {}));
  await signIn(page, 'wakakur');
  for (const a of submitted) {
    if (a.state === 'SUBMITTED') await api(page, 'POST', `/api/v1/assessments/${a.id}/approve`, {});
  }

  // ---- the teacher distributes the quiz and the task to 7A, on screen ----
  await signIn(page, 'teacher');
  await distribute(page, '/backend/mms/tutor/formative-share', quiz, '7A', {
    day: tomorrow,
    opens: '07:00',
    closeDay: tomorrow,
    closes: '09:00',
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Distribusi kuis' })).toBeVisible();
  await distribute(page, '/backend/mms/tutor/task-share', task, '7A', {
    day: tomorrow,
    opens: '07:00',
    closeDay: addDays(today, 4),
    closes: '23:00',
    due: { day: addDays(today, 3), time: '21:00' },
  });

  // ---- and finds them in the schedules, by date, with their state ----
  await page.goto('/backend/mms/tutor/formative-schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Jadwal kuis' })).toBeVisible();
  const quizRow = page.getByRole('row').filter({ hasText: quiz });
  await expect(quizRow).toContainText('7A');
  await expect(quizRow).toContainText('Terjadwal');
  await expect(quizRow).toContainText(`${ddmmyyyy(tomorrow)} 07:00 – 09:00`);
  await page.goto('/backend/mms/tutor/task-schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Jadwal tugas' })).toBeVisible();
  const taskRow = page.getByRole('row').filter({ hasText: task });
  await expect(taskRow).toContainText('7A');
  await expect(taskRow).toContainText(`${ddmmyyyy(addDays(today, 3))} 21:00`);
  // the date filter: a range after the window leaves it out
  await page.getByRole('textbox', { name: 'Dari tanggal' }).fill(ddmmyyyy(addDays(today, 10)));
  await page.getByRole('textbox', { name: 'Dari tanggal' }).press('Enter');
  await expect(page.getByRole('row').filter({ hasText: task })).toHaveCount(0);

  // ---- WAKAKUR distributes the summative to 7B (a day of its own, so no other exam of 7B clashes) ----
  await signIn(page, 'wakakur');
  const examDay = addDays(today, 30 + (Math.floor(run / 1000) % 200));
  await distribute(page, '/backend/mms/tutor/summative-share', exam, '7B', {
    day: examDay,
    opens: '07:30',
    closeDay: examDay,
    closes: '09:30',
  });
  await page.goto('/backend/mms/tutor/distribution');
  await expect(page.getByRole('heading', { level: 1, name: 'Distribusi' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Jenis', exact: true }).click();
  await page.getByRole('option', { name: 'Sumatif', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Cari' }).fill(exam);
  const examRow = page.getByRole('row').filter({ hasText: exam });
  await expect(examRow).toContainText('7B');
  await expect(examRow).toContainText(`${ddmmyyyy(examDay)} 07:30 – 09:30`);
  await expect(examRow).toContainText('Terjadwal');

  // ---- scores of 7A Matematika for the report (a column of this run, typed through the API) ----
  await signIn(page, 'teacher');
  const semester = Number(today.slice(5, 7)) >= 7 ? 'GANJIL' : 'GENAP';
  const sheets = (await (await page.request.get('/api/v1/scores/choices')).json()) as {
    items: { classGroupId: number; className: string; subjectId: number; subjectName: string; canEdit: boolean }[];
  };
  const sheet = sheets.items.find((s) => s.className === '7A' && s.subjectName === 'Matematika' && s.canEdit)!;
  const column = await api(page, 'POST', '/api/v1/scores/columns', {
    classGroupId: sheet.classGroupId,
    subjectId: sheet.subjectId,
    semester,
    kind: 'HARIAN',
    title: `UH distribusi ${run}`,
    date: today,
  });
  const students = (
    (await (
      await page.request.get(
        `/api/v1/scores/sheet?classGroupId=${sheet.classGroupId}&subjectId=${sheet.subjectId}&semester=${semester}`,
      )
    ).json()) as { students: { id: number }[] }
  ).students;
  await api(page, 'PUT', '/api/v1/scores/cells', {
    cells: students.slice(0, 3).map((s, i) => ({ columnId: column.id, studentId: s.id, score: [90, 60, 77.5][i] })),
  });

  // ---- the principal's scoring report, and its Excel ----
  await signIn(page, 'principal');
  await page.goto('/backend/mms/report/scoring');
  await expect(page.getByRole('heading', { level: 1, name: 'Laporan nilai' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Ringkasan nilai per kelas dan mapel' });
  const line = table.getByRole('row').filter({ hasText: /^\d+7AMatematika/ });
  await expect(line).toHaveCount(1);
  const shown = (await line.getByRole('cell').allInnerTexts()).map((s) => s.trim());
  // No., Kelas, Mapel, KKM, Jumlah siswa, Bernilai, Rata-rata kelas, Di bawah KKM, Siswa di bawah KKM
  expect(shown.slice(1, 3)).toEqual(['7A', 'Matematika']);
  expect(Number(shown[5])).toBeGreaterThanOrEqual(3);
  expect(Number(shown[7])).toBeGreaterThanOrEqual(1);

  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Ekspor Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('laporan-nilai.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync((await download.path())!) as unknown as ExcelJS.Buffer);
  const ws = book.worksheets[0]!;
  expect(String(ws.getRow(1).getCell(1).value)).toBe('Laporan nilai');
  const header = Array.from(ws.getRow(5).values as unknown[])
    .slice(1)
    .map(String);
  expect(header.slice(0, 7)).toEqual([
    'Kelas',
    'Mapel',
    'KKM',
    'Jumlah siswa',
    'Bernilai',
    'Rata-rata kelas',
    'Di bawah KKM',
  ]);
  let excel: unknown[] | undefined;
  for (let r = 6; r <= ws.rowCount; r++) {
    const values = Array.from(ws.getRow(r).values as unknown[]).slice(1);
    if (values[0] === '7A' && values[1] === 'Matematika') excel = values;
  }
  expect(excel, 'the 7A Matematika line is in the export').toBeDefined();
  // the same figures as on screen (the screen writes 77,5 the Indonesian way)
  expect(excel!.slice(2, 7)).toEqual([
    Number(shown[3]),
    Number(shown[4]),
    Number(shown[5]),
    Number(shown[6]!.replace('.', '').replace(',', '.')),
    Number(shown[7]),
  ]);
  expect(String(excel![7])).toBe(shown[8]);
});
