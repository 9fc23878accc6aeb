import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support.ts';
import { ExamServer } from './exam-server.ts';

// The exam engine's journey (issue 13) on a server of its own, which the journey restarts in the middle of an
// attempt. The demo gives SMP 7A a quiz with one question of every type; the journey adds a one-minute quiz.

let server: ExamServer;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = new ExamServer();
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
  return { context, csrf: { 'x-csrf-token': csrfToken } };
}

async function json<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  csrf = {},
  data?: unknown,
) {
  const res = await request.fetch(`${API}${url}`, { method, headers: csrf, data });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

interface Taker {
  studentId: number;
  nis: string;
  name: string;
  attemptId: number | null;
  state: string;
  answered: number;
  submittedBy: string | null;
}

/** A quiz of one minute for 7A, made and scheduled through the API by WAKAKUR, of the demo quiz's questions. */
async function oneMinuteQuiz(request: APIRequestContext, csrf: Record<string, string>, demoId: number) {
  const demo = await json<{
    subjectId: number;
    gradeId: number;
    classes: { id: number }[];
    items: { questionId: number }[];
  }>(request, 'GET', `/assessments/${demoId}`);
  const classIds = demo.classes.map((c) => c.id);
  const created = await json<{ id: number }>(request, 'POST', '/assessments', csrf, {
    kind: 'FORMATIVE',
    title: 'Kuis kilat',
    subjectId: demo.subjectId,
    gradeId: demo.gradeId,
    durationMinutes: 1,
    passingMark: 70,
    classIds,
  });
  await json(request, 'PUT', `/assessments/${created.id}/items`, csrf, {
    items: demo.items.slice(0, 2).map((i) => ({ questionId: i.questionId })),
  });
  const { jkt: now } = await json<{ jkt: string }>(request, 'GET', '/time');
  const at = (minutes: number) => new Date(new Date(now).getTime() + minutes * 60_000).toISOString();
  await json(request, 'POST', `/assessments/${created.id}/submit`, csrf, {});
  await json(request, 'POST', `/assessments/${created.id}/approve`, csrf, {});
  await json(request, 'POST', `/assessments/${created.id}/schedule`, csrf, {
    classIds,
    opensAt: at(-1),
    closesAt: at(60),
  });
  return created.id;
}

const status = (page: Page) => page.getByTestId('exam-sync-status');

async function openQuiz(page: Page, title: string) {
  await page.goto('/backend/mms/students/student/formative');
  await page
    .getByRole('button', { name: new RegExp(`^(Kerjakan|Lanjutkan) ${title}`) })
    .or(page.getByRole('link', { name: new RegExp(`^(Kerjakan|Lanjutkan) ${title}`) }))
    .first()
    .click();
  await page.getByRole('button', { name: /^(Mulai|Lanjutkan)$/ }).click();
}

test('a quiz survives a lost connection, a reload offline and a server restart; time runs out; the proctor acts', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const wakakur = await contextAs(browser, 'wakakur');
  const proctor = await contextAs(browser, 'teachercashier');
  const a = await contextAs(browser, 'student');

  const mine = await json<{ items: { assessmentId: number; title: string }[] }>(
    a.context.request,
    'GET',
    '/exam/mine?kind=FORMATIVE',
  );
  const demoQuiz = mine.items.find((i) => i.title.startsWith('Kuis latihan'))!;
  const board = () =>
    json<{ takers: Taker[] }>(proctor.context.request, 'GET', `/exam/control/${demoQuiz.assessmentId}`);
  const me = await json<{ user: { displayName: string } }>(a.context.request, 'GET', '/auth/session');
  const mates = (await board()).takers.filter((t) => t.nis && t.name !== me.user.displayName);

  // ---- student A answers every type; the connection drops in the middle
  const page = await a.context.newPage();
  await openQuiz(page, 'Kuis latihan');
  await expect(page.getByText('Soal 1', { exact: false }).first()).toBeVisible();
  await page.getByRole('radio', { name: '96' }).check();
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await page.getByRole('checkbox', { name: '2', exact: true }).check();
  await page.getByRole('checkbox', { name: '11' }).check();
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await page
    .getByRole('radiogroup', { name: /Pernyataan 1/ })
    .getByRole('radio', { name: 'Benar' })
    .check();
  await page
    .getByRole('radiogroup', { name: /Pernyataan 2/ })
    .getByRole('radio', { name: 'Salah' })
    .check();
  await expect(status(page)).toContainText('Tersimpan');

  await a.context.setOffline(true);
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await page.getByLabel('Pilih pasangan 1').selectOption({ label: '3 sisi' });
  await page.getByLabel('Pilih pasangan 2').selectOption({ label: '4 sisi' });
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await page.getByLabel('Jawaban Anda').fill('20');
  await page.getByLabel('Jawaban Anda').blur();
  await expect(status(page)).toContainText(/Offline — \d+ jawaban menunggu dikirim/);

  // a reload without a connection still shows the paper and the answers, from this device's journal
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Nomor soal' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Soal 4: Sudah dijawab/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Soal 5: Sudah dijawab/ })).toBeVisible();
  await expect(status(page)).toContainText(/Offline/);

  // back online: what waited arrives, and the control screen shows it
  await a.context.setOffline(false);
  await expect(status(page)).toContainText('Tersimpan', { timeout: 30_000 });
  await expect.poll(async () => (await board()).takers.find((t) => t.attemptId)?.answered, { timeout: 20_000 }).toBe(5);

  // ---- the server restarts in the middle of the attempt: nothing is lost, the page carries on
  await server.restart();
  await page.getByRole('button', { name: /Soal 6/ }).click();
  await page.getByLabel('Jawaban Anda').fill('K = 2 × (8 + 5) = 26 cm');
  await page.getByLabel('Jawaban Anda').blur();
  await expect(status(page)).toContainText('Tersimpan', { timeout: 30_000 });
  const takerA = (await board()).takers.find((t) => t.attemptId)!;
  expect(takerA.answered).toBe(6);

  // ---- a second browser of the same student needs the proctor's permission to take over
  const second = await contextAs(browser, 'student');
  const page2 = await second.context.newPage();
  await openQuiz(page2, 'Kuis latihan');
  await expect(page2.getByText('Ujian sedang dikerjakan di perangkat lain')).toBeVisible();
  const control = await proctor.context.newPage();
  await control.goto('/backend/mms/tutor/summative-control-progress?kind=FORMATIVE');
  await control.getByRole('button', { name: /^Pantau Kuis latihan/ }).click();
  await expect(control.getByText('Perangkat lain menunggu')).toBeVisible({ timeout: 15_000 });
  // the board shows every answer that arrived
  await expect(control.getByRole('row', { name: new RegExp(takerA.name) })).toContainText('6 / 6');
  await control.getByRole('button', { name: `Izinkan ganti perangkat ${takerA.name}` }).click();
  await control.getByRole('dialog').getByRole('button', { name: 'Izinkan' }).click();
  const pin = (await control.getByTestId('device-pin').innerText()).replace(/\D/g, '');
  expect(pin).toMatch(/^\d{6}$/);
  await page2.getByLabel('PIN (6 angka)').fill(pin);
  await page2.getByRole('button', { name: 'Lanjutkan di perangkat ini' }).click();
  await expect(page2.getByRole('button', { name: /Soal 6: Sudah dijawab/ })).toBeVisible();
  // the first browser can no longer save
  await page.getByRole('button', { name: /Soal 1/ }).click();
  await page.getByRole('radio', { name: '86' }).check();
  await expect(page.getByText(/dikerjakan di perangkat lain/).first()).toBeVisible({ timeout: 15_000 });

  // ---- a one-minute quiz: B's time runs out and the server submits; C is given more time and continues
  const shortId = await oneMinuteQuiz(wakakur.context.request, wakakur.csrf, demoQuiz.assessmentId);
  const [b, c] = await Promise.all([contextAs(browser, mates[0]!.nis), contextAs(browser, mates[1]!.nis)]);
  const pageB = await b.context.newPage();
  const pageC = await c.context.newPage();
  await openQuiz(pageB, 'Kuis kilat');
  await openQuiz(pageC, 'Kuis kilat');
  await pageB.getByRole('radio', { name: '96' }).check();
  await expect(status(pageB)).toContainText('Tersimpan');
  await control.goto('/backend/mms/tutor/summative-control-progress?kind=FORMATIVE');
  await control.getByRole('button', { name: /^Pantau Kuis kilat/ }).click();
  await control.getByRole('button', { name: `Tambah waktu ${mates[1]!.name}` }).click();
  const dialog = control.getByRole('dialog');
  await dialog.getByLabel('Menit').fill('5');
  await dialog.getByLabel('Alasan').fill('Listrik padam di ruang 2');
  await dialog.getByRole('button', { name: 'Tambah waktu' }).click();

  await expect(pageB.getByText('Waktu habis').first()).toBeVisible({ timeout: 90_000 });
  await expect
    .poll(
      async () =>
        (await json<{ takers: Taker[] }>(proctor.context.request, 'GET', `/exam/control/${shortId}`)).takers.find(
          (t) => t.nis === mates[0]!.nis,
        )?.submittedBy,
      { timeout: 60_000 },
    )
    .toBe('DEADLINE');
  // C carries on past B's deadline and is told why
  await pageC.reload();
  await expect(pageC.getByText(/Waktu ditambah 5 menit/)).toBeVisible({ timeout: 35_000 });
  await pageC.getByRole('radio', { name: '96' }).check();
  await expect(status(pageC)).toContainText('Tersimpan');

  for (const ctx of [wakakur, proctor, a, second, b, c]) await ctx.context.close();
});

test('two tabs of one browser: the second waits, and taking the exam over stops the first', async ({ browser }) => {
  const proctor = await contextAs(browser, 'teachercashier');
  const a = await contextAs(browser, 'student');
  const mine = await json<{ items: { assessmentId: number; title: string }[] }>(
    a.context.request,
    'GET',
    '/exam/mine?kind=FORMATIVE',
  );
  const demoQuiz = mine.items.find((i) => i.title.startsWith('Kuis latihan'))!;
  const board = await json<{ takers: Taker[] }>(
    proctor.context.request,
    'GET',
    `/exam/control/${demoQuiz.assessmentId}`,
  );
  const mate = board.takers.find((t) => t.nis && t.attemptId === null)!;
  const s = await contextAs(browser, mate.nis);

  const one = await s.context.newPage();
  await openQuiz(one, 'Kuis latihan');
  await one.getByRole('radio', { name: '96' }).check();
  await expect(status(one)).toContainText('Tersimpan');
  // the same exam in a second tab would number its saves like the first: it waits instead
  const two = await s.context.newPage();
  await two.goto(one.url());
  await expect(two.getByRole('alert').filter({ hasText: 'Ujian ini terbuka di tab lain' })).toBeVisible();
  await two.getByRole('button', { name: 'Kerjakan di tab ini' }).click();
  await expect(two.getByRole('button', { name: /Soal 1: Sudah dijawab/ })).toBeVisible();
  await expect(one.getByRole('alert').filter({ hasText: 'Ujian ini terbuka di tab lain' })).toBeVisible();
  // the second tab saves
  await two.getByRole('button', { name: 'Berikutnya' }).click();
  await two.getByRole('checkbox', { name: '2', exact: true }).check();
  await expect(status(two)).toContainText('Tersimpan');

  for (const ctx of [proctor, a, s]) await ctx.context.close();
});
