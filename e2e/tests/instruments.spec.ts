import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signInWithForm } from './support.ts';

// The counselling instruments' journey (issue 14): the demo seed opens interest exploration (RIASEC, 48 items) for
// SMP 7A for the whole school year, so the journey works on any day of it. A classmate who has not answered signs
// in with their NIS, leaves half-way, comes back to the same item, finishes and sees their profile; BPBK then sees
// the result in 7A's summary.

const API = '/api/v1';
const PLAY = '/backend/mms/bpbk/interest-exploration-play';
const INPUT = '/backend/mms/bpbk/interest-exploration-input';

async function get<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(`${API}${url}`);
  expect(res.status(), `GET ${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

async function signedIn(browser: Browser, username: string) {
  const context = await browser.newContext({ locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  const res = await context.request.post(`${API}/auth/login`, { data: { username, password: DEMO_PASSWORD } });
  return { context, ok: res.status() === 200 };
}

/** Answers the item on screen ("4 – Sesuai" for a Likert item) and waits for the autosave. */
async function answerShown(page: Page) {
  await page.getByRole('radio', { name: '4 – Sesuai' }).check();
  await expect(page.getByText(/Jawaban tersimpan/)).toBeVisible();
}

test('a 7A student plays interest exploration with a break, sees the profile; BPBK sees it in the class summary', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const bpbk = await signedIn(browser, 'bpbk');
  expect(bpbk.ok).toBe(true);
  const { items } = await get<{ items: { id: number }[] }>(
    bpbk.context.request,
    '/instruments?kind=interest-exploration',
  );
  const instrumentId = items[0]!.id;
  const classes = await get<{ items: { id: number; name: string; unitCode?: string; unitId: number }[] }>(
    bpbk.context.request,
    '/classes?pageSize=200&q=7A',
  );
  const cls7a = classes.items.find((c) => c.name === '7A')!;
  const roster = await get<{ items: { nis: string; name: string }[] }>(
    bpbk.context.request,
    `/students?classGroupId=${cls7a.id}&pageSize=200`,
  );
  const done = await get<{ items: { nis: string }[] }>(
    bpbk.context.request,
    `/instruments/${instrumentId}/results?classGroupId=${cls7a.id}&pageSize=200`,
  );
  // the last classmate by NIS who signs in with their NIS and has no result yet
  const candidates = roster.items
    .filter((s) => !done.items.some((d) => d.nis === s.nis))
    .sort((a, b) => b.nis.localeCompare(a.nis));
  let student: { nis: string; name: string } | undefined;
  for (const s of candidates) {
    const probe = await signedIn(browser, s.nis);
    await probe.context.close();
    if (probe.ok) {
      student = s;
      break;
    }
  }
  expect(student, 'a 7A classmate without a result').toBeDefined();

  // ---- the student signs in with their NIS and starts
  await signInWithForm(page, student!.nis);
  await expect(page).toHaveURL(/\/backend\//);
  await page.goto(PLAY);
  await expect(page.getByRole('heading', { name: 'Tes Eksplorasi minat' })).toBeVisible();
  await page.getByRole('button', { name: 'Mulai' }).click();
  await expect(page.getByText('Butir 1 dari 48')).toBeVisible();
  for (let i = 1; i <= 5; i++) {
    await answerShown(page);
    await page.getByRole('button', { name: 'Berikutnya' }).click();
    await expect(page.getByText(`Butir ${i + 1} dari 48`)).toBeVisible();
  }

  // ---- leaves half-way (another screen), comes back: the same attempt, at the first unanswered item
  await page.goto('/backend/mms/students/student/me');
  await page.goto(PLAY);
  await page.getByRole('button', { name: 'Lanjutkan (5/48 terjawab)' }).click();
  await expect(page.getByText('Butir 6 dari 48')).toBeVisible();
  await expect(page.getByText('5 dari 48 terjawab', { exact: false })).toBeVisible();

  for (let i = 6; i <= 48; i++) {
    await answerShown(page);
    if (i < 48) {
      await page.getByRole('button', { name: 'Berikutnya' }).click();
      await expect(page.getByText(`Butir ${i + 1} dari 48`)).toBeVisible();
    }
  }
  await page.getByRole('button', { name: 'Kirim jawaban' }).click();
  const confirm = page.getByRole('dialog', { name: 'Kirim jawaban?' });
  await confirm.getByRole('button', { name: 'Kirim jawaban' }).click();

  // ---- the profile: a chart with its numbers beside it
  await expect(page.getByRole('heading', { name: 'Profil hasilmu' })).toBeVisible();
  const profile = page.getByTestId('instrument-profile').first();
  await expect(profile.getByRole('img', { name: /Profil skala/ })).toBeVisible();
  await expect(profile.getByRole('cell', { name: 'Realistik (R)' })).toBeVisible();
  await expect(profile.getByRole('cell', { name: '80%' }).first()).toBeVisible();
  await expect(page.getByText('Sudah dikerjakan')).toBeVisible();

  // ---- BPBK: the result is in 7A's summary and list
  const staff = await bpbk.context.newPage();
  await staff.goto(INPUT);
  await expect(staff.getByRole('heading', { name: 'Instrumen Eksplorasi minat' })).toBeVisible();
  await expect(staff.getByTestId('instrument-licence')).toContainText('RIASEC Holland');
  await staff.getByRole('tab', { name: 'Hasil' }).click();
  const classSelect = staff.getByRole('combobox', { name: 'Kelas' });
  await classSelect.click();
  await classSelect.fill('7A');
  await staff.getByRole('option', { name: '7A', exact: true }).click();
  const summary = staff.getByTestId('instrument-summary');
  await expect(summary).toBeVisible();
  await expect(summary.getByText(`${done.items.length + 1} siswa dengan hasil`, { exact: true })).toBeVisible();
  await expect(staff.getByRole('cell', { name: student!.name, exact: true })).toBeVisible();
  await bpbk.context.close();
});
