import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectDone, signIn } from '../support.ts';

async function api(page: Page, method: 'POST' | 'PUT', url: string, data: unknown) {
  const { csrfToken } = (await (await page.request.get('/api/v1/auth/me')).json()) as { csrfToken: string };
  const res = await page.request.fetch(url, { method, headers: { 'x-csrf-token': csrfToken }, data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/**
 * Results of a summative (issue 12): written, checked and scheduled for 7A through the API, two answer sheets
 * recorded (the exam engine comes next); the teacher's "Rekap sumatif" shows the grades, the essay is marked on
 * screen and the grade follows, the item analysis shows p and D, and Excel holds the same numbers.
 */
test('a teacher reads the results, marks an essay and reads the item analysis of a summative', async ({ page }) => {
  test.setTimeout(180_000);
  const run = Date.now();
  await signIn(page, 'teacher');
  const choices = (await (await page.request.get('/api/v1/questions/choices')).json()) as {
    items: { subjectId: number; subjectName: string; gradeId: number; gradeName: string }[];
  };
  const pair = choices.items.find((c) => c.subjectName === 'Matematika' && c.gradeName.includes('7'))!;
  const question = (content: unknown, points: number) =>
    api(page, 'POST', '/api/v1/questions', { ...pair, stem: `<p>Soal ${run}</p>`, content, points });
  const pg = await question(
    {
      type: 'SINGLE',
      options: [
        { id: 'a', text: '54' },
        { id: 'b', text: '56' },
      ],
      key: 'b',
    },
    2,
  );
  const essay = await question({ type: 'ESSAY', rubric: [{ criterion: 'Langkah benar', points: 2 }] }, 2);
  const classes = (await (await page.request.get('/api/v1/classes?q=7A&pageSize=50')).json()) as {
    items: { id: number; name: string; gradeId: number }[];
  };
  const cls = classes.items.find((c) => c.name === '7A' && c.gradeId === pair.gradeId)!;
  const title = `PTS Matematika ${run}`;
  const a = await api(page, 'POST', '/api/v1/assessments', {
    kind: 'SUMMATIVE',
    title,
    subjectId: pair.subjectId,
    gradeId: pair.gradeId,
    durationMinutes: 60,
    passingMark: 75,
    classIds: [cls.id],
  });
  await api(page, 'PUT', `/api/v1/assessments/${a.id}/items`, {
    items: [{ questionId: pg.id }, { questionId: essay.id }],
  });
  await api(page, 'POST', `/api/v1/assessments/${a.id}/submit`, {});
  await signIn(page, 'wakakur');
  await api(page, 'POST', `/api/v1/assessments/${a.id}/approve`, {});
  await api(page, 'POST', `/api/v1/assessments/${a.id}/schedule`, {
    classIds: [cls.id],
    opensAt: '2026-01-05T07:00:00+07:00',
    closesAt: '2026-01-05T09:00:00+07:00',
  });
  await signIn(page, 'teacher');
  const before = (await (await page.request.get(`/api/v1/assessments/${a.id}/results`)).json()) as {
    rows: { studentId: number; name: string; nis: string }[];
  };
  const [first, second] = before.rows;
  // first: right (2) and an essay to mark; second: wrong (0), no essay
  await api(page, 'PUT', `/api/v1/assessments/${a.id}/answer-sheets/${first!.studentId}`, {
    answers: [
      { questionId: pg.id, response: { type: 'SINGLE', optionId: 'b' } },
      { questionId: essay.id, response: { type: 'ESSAY', text: '7 x 8 = 56 karena 7 x 8 = 7 + 7 + ... ' } },
    ],
  });
  await api(page, 'PUT', `/api/v1/assessments/${a.id}/answer-sheets/${second!.studentId}`, {
    answers: [{ questionId: pg.id, response: { type: 'SINGLE', optionId: 'a' } }],
  });

  await page.goto('/backend/mms/tutor/summative-recap');
  await expect(page.getByRole('heading', { level: 1, name: 'Rekap sumatif' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Penilaian' }).click();
  await page.getByRole('option', { name: new RegExp(title) }).click();
  const gradeOf = (nis: string) => page.getByTestId(`result-${nis}`).getByTestId('result-grade');
  // 2 of 4 before the essay is marked: 50; the second 0 of 4
  await expect(gradeOf(first!.nis)).toHaveText('50');
  await expect(page.getByTestId(`result-${first!.nis}`)).toContainText('1 uraian belum dikoreksi');
  await expect(gradeOf(second!.nis)).toHaveText('0');

  // ---- the essay, marked on screen: 1 of 2 -> 3 of 4 = 75 ----
  await page.getByRole('tab', { name: 'Koreksi uraian' }).click();
  await page.getByLabel(`Langkah benar (0–2) untuk ${first!.name}`).fill('1');
  await page.getByRole('button', { name: 'Simpan nilai' }).click();
  await expectDone(page);
  await page.getByRole('tab', { name: 'Nilai' }).click();
  await expect(gradeOf(first!.nis)).toHaveText('75');
  await expect(page.getByTestId(`result-${first!.nis}`)).toContainText('Tuntas');

  // ---- Excel holds the same grades ----
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Ekspor Excel' }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync((await download.path())!) as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0]!;
  const gradeIn = (nis: string) => {
    for (let r = 6; r <= sheet.actualRowCount; r++) {
      if (sheet.getRow(r).getCell(1).value === nis) return sheet.getRow(r).getCell(6).value;
    }
    return undefined;
  };
  expect(gradeIn(first!.nis)).toBe(75);
  expect(gradeIn(second!.nis)).toBe(0);

  // ---- item analysis: the PG right for one of two takers: p 0,5; the stronger taker got it: D 1 ----
  await page.getByRole('tab', { name: 'Analisis butir' }).click();
  const pgRow = page.getByTestId('analysis-1');
  await expect(pgRow).toContainText('0,5 (sedang)');
  await expect(pgRow).toContainText('A: 1, B: 1');

  // ---- the key was wrong: A is right. Every attempt is regraded: 75 -> 25 (1 of 4), 0 -> 50 ----
  await pgRow.getByRole('button', { name: 'Ubah kunci soal 1' }).click();
  const keyDialog = page.getByRole('dialog', { name: 'Ubah kunci soal 1' });
  await keyDialog.getByRole('radio', { name: /^A\./ }).check();
  await keyDialog.getByRole('button', { name: 'Ubah kunci' }).click();
  await page
    .getByRole('dialog', { name: 'Ubah kunci', exact: true })
    .getByRole('button', { name: 'Ubah kunci' })
    .click();
  await expect(page.getByText('2 jawaban dinilai ulang, 2 nilai berubah')).toBeVisible();
  await page.getByRole('tab', { name: 'Nilai', exact: true }).click();
  await expect(gradeOf(first!.nis)).toHaveText('25');
  await expect(gradeOf(second!.nis)).toHaveText('50');

  // ---- published: the demo student (7A) reads their own grade under "Nilai saya" ----
  const me = before.rows.find((r) => r.name === 'Muhammad Rizki Ramadhan')!;
  await api(page, 'PUT', `/api/v1/assessments/${a.id}/answer-sheets/${me.studentId}`, {
    answers: [{ questionId: pg.id, response: { type: 'SINGLE', optionId: 'a' } }],
  });
  await api(page, 'POST', `/api/v1/assessments/${a.id}/grade`, {});
  await signIn(page, 'wakakur');
  await api(page, 'POST', `/api/v1/assessments/${a.id}/publish`, {});
  await signIn(page, 'student');
  await page.goto('/backend/mms/students/student/scoring');
  const mine = page.getByTestId('my-results').getByRole('row').filter({ hasText: title });
  // 2 of 4 (no essay answered) = 50, below the KKM 75
  await expect(mine).toContainText('50');
  await expect(mine).toContainText('Belum tuntas');
});
