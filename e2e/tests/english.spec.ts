import { expect, test, type Page } from '@playwright/test';
import { signIn, signInWithForm } from './support.ts';

/**
 * One language at a time: a person who chose English meets no Indonesian text of the app on the screens
 * of several roles, in field checks and in the server's answers. Data (names, subjects, grades such as
 * "Kelas 7") is whatever the school typed and is not checked: the words below are the app's own, and
 * "kelas"/"siswa" count only in the app's phrases.
 */
const INDONESIAN =
  /\b(wajib|harus|tidak|simpan|batal|berhasil|tambah|sudah|belum|pilih|nama kelas|data siswa|daftar siswa|dasbor|semua|jumlah|perempuan|laki-laki|tanggal|sandi|pengguna|keluar|disimpan|dipakai|ditemukan|Senin|Selasa|Rabu|Kamis|Jumat|Sabtu|Minggu|Januari|Februari|Maret|Mei|Juni|Juli|Agustus|Oktober|Desember)\b/gi;
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
/** Division codes shown as Jabatan or Divisi */
const CODES = /\b(PRINCIPAL|WAKAKUR|TEACHERCASHIER|BPBK|GANJIL|GENAP|MOVED|PROMOTED)\b/g;

/** Every browser context starts with the guest's choice of English; a user without settings inherits it. */
async function chooseEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('mms:settings:guest'))
      localStorage.setItem('mms:settings:guest', JSON.stringify({ language: 'en' }));
  });
}

/** The visible text of the page has no Indonesian word of the app, no ISO date and no raw code. */
async function expectEnglish(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first()).toBeVisible();
  // skeletons gone: the page's data is shown
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  const text = await page.locator('body').innerText();
  const found = [
    ...new Set([...(text.match(INDONESIAN) ?? []), ...(text.match(ISO_DATE) ?? []), ...(text.match(CODES) ?? [])]),
  ];
  const lines = text.split('\n').filter((line) => found.some((word) => line.includes(word)));
  expect(found, `${where}: Indonesian or raw text in\n${lines.slice(0, 15).join('\n')}`).toEqual([]);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expectEnglish(page, path);
}

test('a person chooses English at sign-in; the employee report shows M/F', async ({ page }) => {
  test.setTimeout(120_000);
  // the choice on the sign-in page carries over to the signed-in user
  await page.goto('/auth/signin');
  await page.getByLabel(/^(bahasa|language)$/i).selectOption('en');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await signInWithForm(page, 'admin');
  await expect(page).toHaveURL(/\/backend\/dashboard/);
  await expectEnglish(page, 'admin dashboard');
  // the employee report: gender as M/F, never the Indonesian P
  await page.goto('/backend/mms/report/employee-list');
  await expect(page.getByRole('cell', { name: 'F', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'P', exact: true })).toHaveCount(0);
});

/** The built screens in an account's menu (coming-soon entries are not screens yet), as the axe audit finds them. */
async function menuScreens(page: Page): Promise<string[]> {
  await page.goto('/backend/dashboard');
  const menu = page.getByTestId('main-menu');
  await expect(menu).toBeVisible();
  const closed = menu.locator('[data-submenu][aria-expanded="false"]');
  for (let n = await closed.count(); n > 0; n = await closed.count()) await closed.first().click();
  const hrefs = await menu.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/backend/') && !h.includes('coming-soon')))];
}

/** Screens of several roles, read in English on every run. */
const SCREENS: Record<string, string[]> = {
  admin: [
    '/backend/mms/students/student/list',
    '/backend/mms/principal/teacher-list',
    '/backend/mms/tutor/class-titles',
    '/backend/mms/tutor/academic-calendar',
    '/backend/mms/report/student-list',
  ],
  principal: [
    '/backend/dashboard',
    '/backend/mms/tutor/subject-teachers',
    '/backend/mms/tutor/permission',
    '/backend/mms/report/schedule',
    '/backend/mms/principal/class-control',
  ],
  wakakur: [
    '/backend/mms/tutor/class-mutation',
    '/backend/mms/tutor/homeroom',
    '/backend/mms/tutor/schedule-class',
    '/backend/mms/tutor/teaching-hours',
  ],
  teacher: [
    '/backend/dashboard',
    '/backend/mms/tutor/attendance',
    '/backend/mms/tutor/teaching-schedule',
    '/backend/mms/tutor/attendance-list',
    '/backend/mms/tutor/journal',
    '/backend/mms/tutor/material',
  ],
  student: [
    '/backend/dashboard',
    '/backend/mms/students/student/me',
    '/backend/mms/students/student/attendance',
    '/backend/mms/students/student/schedule',
    '/backend/mms/students/student/permission',
    '/backend/mms/students/student/journal',
  ],
};

async function readAll(page: Page, username: string, paths: string[]) {
  const problems: string[] = [];
  for (const path of paths)
    await visit(page, path).catch((e: Error) => problems.push(`${username} ${e.message.split('\n\n')[0]!}`));
  return problems;
}

test.describe('screens of several roles', () => {
  test.beforeEach(async ({ page }) => chooseEnglish(page));
  for (const [username, paths] of Object.entries(SCREENS)) {
    test(`${username}'s screens`, async ({ page }) => {
      test.setTimeout(90_000);
      await signIn(page, username);
      expect(await readAll(page, username, paths)).toEqual([]);
    });
  }
});

// Every built screen of every menu (about 50; several minutes on a busy machine): E2E_ENGLISH_ALL=1 runs it.
test.describe('every screen in the menus', () => {
  test.skip(!process.env.E2E_ENGLISH_ALL, 'set E2E_ENGLISH_ALL=1 to read every screen in English');
  test.describe.configure({ mode: 'parallel' });
  test.beforeEach(async ({ page }) => chooseEnglish(page));

  for (const half of [0, 1]) {
    test(`the admin's screens, half ${half + 1}`, async ({ page }) => {
      test.setTimeout(600_000);
      await signIn(page, 'admin');
      const screens = (await menuScreens(page)).filter((_, i) => i % 2 === half);
      expect(await readAll(page, 'admin', screens)).toEqual([]);
    });
  }

  test('the screens of the other roles', async ({ page }) => {
    test.setTimeout(600_000);
    await signIn(page, 'admin');
    const seen = new Set(await menuScreens(page));
    const problems: string[] = [];
    for (const username of ['student', 'teacher', 'principal', 'wakakur', 'tu', 'yayasan', 'bpbk', 'teachercashier']) {
      await page.context().clearCookies();
      await signIn(page, username);
      const own = (await menuScreens(page)).filter((path) => !seen.has(path));
      own.forEach((path) => seen.add(path));
      problems.push(...(await readAll(page, username, ['/backend/dashboard', ...own])));
    }
    expect(problems).toEqual([]);
  });
});

test("field checks and the server's refusals are in English", async ({ page }) => {
  test.setTimeout(90_000);
  await chooseEnglish(page);
  await signIn(page, 'admin');

  // an empty class form: required fields, never "expected number, received NaN"
  await page.goto('/backend/mms/tutor/class-titles');
  await page.getByRole('button', { name: 'Add class' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add class' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Class name is required')).toBeVisible();
  await expect(dialog.getByText('Grade is required')).toBeVisible();
  await expect(dialog.getByText(/Invalid input|NaN/)).toHaveCount(0);
  await expectEnglish(page, 'class form');
  await page.keyboard.press('Escape');

  // a bad NISN and an empty name, checked before sending
  await page.goto('/backend/mms/principal/student-input');
  await page.getByLabel('NISN').fill('123');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('NISN must be 10 digits')).toBeVisible();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expectEnglish(page, 'student form checks');

  // a duplicate NIS: the server's 409 comes back in English, naming the other student
  const existing = (await (await page.request.get('/api/v1/students?pageSize=1')).json()) as {
    items: { nis: string; name: string; unitId: number }[];
  };
  const other = existing.items[0]!;
  const unit = (await (await page.request.get(`/api/v1/units`)).json()) as { items: { id: number; code: string }[] };
  const code = unit.items.find((u) => u.id === other.unitId)!.code;
  await page.reload();
  await page.getByRole('combobox', { name: /^Unit/ }).click();
  await page
    .getByRole('option', { name: new RegExp(code) })
    .first()
    .click();
  await page.getByLabel(/^NIS\W*$/).fill(other.nis);
  await page.getByLabel(/^Name\W*$/).fill('English Check');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`NIS ${other.nis} is already used by ${other.name}`).first()).toBeVisible();
  await expectEnglish(page, 'duplicate NIS');
});
