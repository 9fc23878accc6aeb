import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { congregationRate, type PrayerCounts } from '@mms/shared';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DEMO_PASSWORD, expectDone } from '../support.ts';
import { ExamServer } from '../exams/exam-server.ts';

// The semester closes (issue 40, "Done when"), on a server of the journey's own: it locks SMP 7A's rapors, which
// no other journey may see, and its clock stands on a school day of the first semester, so the demo data (its first
// semester ready to close in 7A, every subject submitted but the demo teacher's Matematika) is the same on every
// day of the year. A student takes an online summative; the teacher marks the essay; the grade book, the
// descriptions and the board follow without anyone typing a score; the principal locks and publishes; the student's
// rapor PDF holds the final score, the description, the attendance, the BTQ level and the prayer rate.

const DAY = '2026-12-10';
let server: ExamServer;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = new ExamServer({ MMS_NOW: `${DAY}T08:00:00+07:00` });
  await server.start();
});
test.afterAll(async () => {
  await server?.stop();
});

const API = '/api/v1';

async function contextAs(browser: Browser, username: string) {
  const context = await browser.newContext({ baseURL: server.url, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  const res = await context.request.post(`${API}/auth/login`, { data: { username, password: DEMO_PASSWORD } });
  expect(res.status(), `sign-in of ${username}`).toBe(200);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => {
    const r = await context.request.fetch(`${API}${url}`, { method, headers: { 'x-csrf-token': csrfToken }, data });
    expect(r.status(), `${method} ${url}: ${await r.text()}`).toBeLessThan(300);
    return (await r.json()) as T;
  };
  return { context, page: await context.newPage(), call };
}

/** Picks an option of a Mantine select by its visible text. */
async function choose(scope: Page | Locator, label: string | RegExp, option: string | RegExp) {
  const page = 'page' in scope ? scope.page() : scope;
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Every page's text of a PDF, read back with pdf.js. */
async function pdfText(file: string): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(readFileSync(file)), useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  return pages.join('\n').replace(/\s+/g, ' ');
}

const monthsFrom = (from: string, to: string) => {
  const out: string[] = [];
  for (
    let [y, m] = from.split('-').map(Number) as [number, number];
    `${y}-${String(m).padStart(2, '0')}` <= to.slice(0, 7);
  ) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
};

test('a semester closes: exam -> essay marked -> grade book -> descriptions -> board complete -> locked -> the student’s rapor PDF', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const teacher = await contextAs(browser, 'teacher');
  const wakakur = await contextAs(browser, 'wakakur');
  const principal = await contextAs(browser, 'principal');
  const student = await contextAs(browser, 'student');
  const run = Date.now();

  // ---- an online summative of Matematika for 7A: one choice and one essay, each on a TP of its own ----
  const choices = await teacher.call<{
    items: { subjectId: number; subjectName: string; gradeId: number; gradeName: string }[];
  }>('GET', '/questions/choices');
  const pair = choices.items.find((c) => c.subjectName === 'Matematika' && c.gradeName.includes('7'))!;
  const tp = await teacher.call<{ id: number; description: string }>('POST', '/learning-objectives', {
    subjectId: pair.subjectId,
    gradeId: pair.gradeId,
    code: `TP-E2E-${run}`.slice(0, 20),
    description: `Menghitung perkalian bilangan cacah ${run}`,
  });
  const question = async (content: unknown, points: number) => {
    const q = await teacher.call<{ id: number }>('POST', '/questions', {
      ...pair,
      stem: `<p>Soal ${run}</p>`,
      content,
      points,
    });
    await teacher.call('PUT', `/learning-objectives/question-tags/${q.id}`, { objectiveIds: [tp.id] });
    return q;
  };
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
  const classes = await teacher.call<{ items: { id: number; name: string; gradeId: number }[] }>(
    'GET',
    '/classes?q=7A&pageSize=50',
  );
  const cls = classes.items.find((c) => c.name === '7A' && c.gradeId === pair.gradeId)!;
  const title = `Sumatif Matematika ${run}`;
  const a = await teacher.call<{ id: number }>('POST', '/assessments', {
    kind: 'SUMMATIVE',
    title,
    subjectId: pair.subjectId,
    gradeId: pair.gradeId,
    durationMinutes: 60,
    passingMark: 75,
    classIds: [cls.id],
  });
  await teacher.call('PUT', `/assessments/${a.id}/items`, { items: [{ questionId: pg.id }, { questionId: essay.id }] });
  await teacher.call('POST', `/assessments/${a.id}/submit`, {});
  await wakakur.call('POST', `/assessments/${a.id}/approve`, {});
  const { jkt } = await wakakur.call<{ jkt: string }>('GET', '/time');
  const at = (minutes: number) => new Date(new Date(jkt).getTime() + minutes * 60_000).toISOString();
  await wakakur.call('POST', `/assessments/${a.id}/schedule`, {
    classIds: [cls.id],
    opensAt: at(-1),
    closesAt: at(90),
  });

  const me = await student.call<{ user: { displayName: string } }>('GET', '/auth/session');
  const name = me.user.displayName;

  // ---- three days of the register: the homeroom marks the student sick, excused and absent once each ----
  const register = await teacher.call<{ entries: { studentId: number; name: string }[] }>(
    'GET',
    `/attendance/classes/${cls.id}/daily/${DAY}`,
  );
  const studentId = register.entries.find((e) => e.name === name)!.studentId;
  for (const [day, code] of [
    ['2026-12-07', 'S'],
    ['2026-12-08', 'I'],
    ['2026-12-09', 'A'],
  ] as const) {
    await teacher.call('PUT', `/attendance/classes/${cls.id}/daily/${day}`, { entries: [{ studentId, code }] });
  }
  // ---- the BTQ coordinator (the principal) places the student at a level of a reading method ----
  const methods = await principal.call<{
    items: { kind: string; levels: { id: number; name: string; isActive: boolean }[] }[];
  }>('GET', '/btq/methods');
  const level = methods.items.flatMap((m) => m.levels.filter((l) => l.isActive))[1]!;
  await principal.call('POST', '/btq/placements', { studentIds: [studentId], levelId: level.id });

  // ---- the student takes it online ----
  const sp = student.page;
  await sp.goto('/backend/mms/students/student/online-test');
  await sp
    .getByRole('button', { name: new RegExp(`^Kerjakan ${title}`) })
    .or(sp.getByRole('link', { name: new RegExp(`^Kerjakan ${title}`) }))
    .first()
    .click();
  await sp.getByRole('button', { name: 'Mulai' }).click();
  await sp.getByRole('radio', { name: '56' }).check();
  await sp.getByRole('button', { name: 'Berikutnya' }).click();
  await sp.getByLabel('Jawaban Anda').fill('7 x 8 = 56, karena 7 + 7 + 7 + 7 + 7 + 7 + 7 + 7 = 56');
  await sp.getByLabel('Jawaban Anda').blur();
  await expect(sp.getByTestId('exam-sync-status')).toContainText('Tersimpan');
  await sp.getByRole('button', { name: 'Kumpulkan' }).click();
  await sp.getByRole('dialog').getByRole('button', { name: 'Ya, kumpulkan' }).click();
  await expect(sp.getByText('Jawaban sudah dikumpulkan')).toBeVisible();

  // ---- the teacher marks the essay: 2 of 2, so 4 of 4 = 100 ----
  const tpage = teacher.page;
  await tpage.goto('/backend/mms/tutor/summative-recap');
  await choose(tpage, 'Penilaian', new RegExp(title));
  await tpage.getByRole('tab', { name: 'Koreksi uraian' }).click();
  await tpage.getByLabel(`Langkah benar (0–2) untuk ${name}`).fill('2');
  await tpage.getByRole('button', { name: 'Simpan nilai' }).click();
  await expectDone(tpage);
  // the window closes, the author marks it graded, the checker publishes the grades
  await teacher.call('POST', `/assessments/${a.id}/close`, {});
  await teacher.call('POST', `/assessments/${a.id}/grade`, {});
  await wakakur.call('POST', `/assessments/${a.id}/publish`, {});

  // ---- the grade book shows it, typed by no one; the recap gives the final score ----
  await tpage.goto('/backend/mms/tutor/scoring-summative');
  await choose(tpage, 'Kelas dan mapel', /7A.*Matematika|Matematika.*7A/);
  await expect(tpage.getByTestId(`column-${title}`)).toBeVisible();
  await expect(tpage.getByLabel(`Nilai ${name} pada ${title}`)).toHaveValue('100');
  await tpage.getByRole('tab', { name: 'Rekap' }).click();
  const recapRow = tpage.getByTestId(/^recap-row-/).filter({ hasText: name });
  const final = (await recapRow.getByTestId('recap-final').innerText()).trim();
  expect(final).toMatch(/^\d+(,\d+)?$/);
  // the rapor prints it whole (the school chose no decimals), half up
  const finalOnRapor = String(Math.round(Number(final.replace(',', '.'))));

  // ---- the drafted description, taken by the teacher ----
  await tpage.goto('/backend/mms/tutor/descriptions');
  await choose(tpage, 'Kelas dan mapel', /7A.*Matematika|Matematika.*7A/);
  const row = tpage.getByTestId(/^description-\d+$/).filter({ hasText: name });
  await expect(row).toContainText(tp.description);
  // an unsaved row shows the draft in its field; a saved one offers it
  const useDraft = row.getByRole('button', { name: 'Pakai draf' });
  if ((await useDraft.count()) > 0) await useDraft.click();
  await expect(row.getByRole('textbox')).toHaveValue(
    new RegExp(`^Menunjukkan penguasaan yang baik dalam ${tp.description}`),
  );
  await row.getByRole('button', { name: `Simpan ${name}` }).click();
  await expectDone(tpage);
  const description = await row.getByRole('textbox').inputValue();
  expect(description).toContain(tp.description);

  // ---- the homeroom (the demo teacher leads 7A) submits Matematika; the board turns complete ----
  await tpage.goto('/backend/mms/tutor/rapor-board');
  const mine = tpage.getByRole('row').filter({ hasText: '7A · Matematika' });
  await mine.getByRole('button', { name: 'Serahkan' }).click();
  await expect(mine).not.toContainText('Belum diserahkan');
  await tpage.reload();
  await expect(tpage.getByText('Lengkap: siap dikunci')).toBeVisible();

  // ---- the principal locks and publishes ----
  const pp = principal.page;
  await pp.goto('/backend/mms/tutor/rapor-board');
  await choose(pp, 'Kelas', /^7A$/);
  await expect(pp.getByText('Lengkap: siap dikunci')).toBeVisible();
  await pp.getByRole('button', { name: 'Kunci rapor' }).click();
  await pp.getByRole('dialog').getByRole('button', { name: 'Kunci rapor' }).click();
  await expect(pp.getByTestId('rapor-status')).toHaveText('Dikunci');
  await pp.getByRole('button', { name: 'Terbitkan' }).click();
  await pp.getByRole('dialog').getByRole('button', { name: 'Terbitkan' }).click();
  await expect(pp.getByTestId('rapor-status')).toHaveText('Diterbitkan');

  // ---- what the rapor must hold, from the registers, the calendar, BTQ and the prayers ----
  const cal = await principal.call<{ startDate: string }>('GET', '/calendar');
  const from = cal.startDate;
  const days = await student.call<{ items: { date: string; code: string; source: string }[] }>(
    'GET',
    `/attendance/me?from=${from}&to=${DAY}&pageSize=200`,
  );
  const daily = days.items.filter((d) => d.source === 'daily');
  const count = (code: string) => daily.filter((d) => d.code === code).length;
  const prayers: PrayerCounts = { BERJAMAAH: 0, TERLAMBAT: 0, UDZUR: 0, TIDAK_SALAT: 0 };
  for (const month of monthsFrom(from, DAY)) {
    const p = await student.call<{ counts: PrayerCounts }>('GET', `/prayer/me?month=${month}`);
    for (const k of Object.keys(prayers) as (keyof PrayerCounts)[]) prayers[k] += p.counts[k];
  }
  const rate = congregationRate(prayers);
  expect([count('S'), count('I'), count('A')].every((n) => n >= 1)).toBe(true);

  // ---- the student opens the rapor: the PDF holds them ----
  await sp.goto('/backend/mms/students/student/rapor');
  const [download] = await Promise.all([
    sp.waitForEvent('download'),
    sp.getByRole('button', { name: 'Unduh PDF' }).click(),
  ]);
  const text = await pdfText((await download.path())!);
  expect(text).toContain(name);
  expect(text).toMatch(new RegExp(`Matematika ${finalOnRapor}(?![\\d.,])`));
  expect(text).toContain(description.replace(/\s+/g, ' ').slice(0, 60));
  expect(text).toMatch(new RegExp(`Sakit ${count('S')}(?!\\d)`));
  expect(text).toMatch(new RegExp(`Izin ${count('I')}(?!\\d)`));
  expect(text).toMatch(new RegExp(`Tanpa keterangan ${count('A')}(?!\\d)`));
  expect(text).toContain(level.name);
  expect(text).toContain(rate === null ? '-' : `${rate}%`);
  await expect(sp.getByText(/Dilihat/)).toBeVisible();
});
