import { expect, test, type Page } from '@playwright/test';
import { addDays, expectDone, lastSchoolDay, serverToday, signIn } from './support.ts';
import { apiAs } from './school/school-api.ts';

// A phone held upright: every journey here must be finished at 360 px without sideways scrolling.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** Nothing of the page lies beyond the screen's right edge (no sideways scrolling needed). */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(width);
}

/** The element is fully inside the screen's width (not cut, not off to the right). */
async function expectOnScreen(page: Page, locator: ReturnType<Page['locator']>) {
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('the homeroom teacher takes the register on a phone', async ({ page }) => {
  await signIn(page, 'teacher');
  const date = await lastSchoolDay(page);
  await page.goto('/backend/mms/tutor/attendance-list');
  await page.getByTestId('register-class-7A').getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Presensi harian 7A' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${date}$`));
  const row = page.locator('[data-testid^="register-row-"]').first();
  await expect(row).toBeVisible();
  await expectNoSidewaysScroll(page);
  // one tap makes the first student S; the code control is whole on the screen
  const control = row.getByRole('radiogroup');
  await expectOnScreen(page, control);
  const current = await row.locator('input[type=radio]:checked').getAttribute('value');
  const next = current === 'S' ? 'I' : 'S';
  await row
    .locator('label')
    .filter({ hasText: new RegExp(`^${next}$`) })
    .tap();
  // the save bar stays at hand at the bottom of the screen
  const save = page.getByRole('button', { name: 'Simpan presensi' });
  await expect(save).toBeInViewport();
  await save.tap();
  await expectDone(page);
  await expect(page.getByText('Sudah diisi')).toBeVisible();
});

test('the principal approves a leave request on a phone: pending first, the buttons on the screen', async ({
  page,
  request,
}) => {
  // the homeroom teacher files a request for a 7A student, far enough ahead not to meet another run's
  const teacher = await apiAs(request, 'teacher');
  const today = await serverToday(page);
  const classes = await teacher.get<{ items: { classGroupId: number; className: string }[] }>(
    `/attendance/classes?date=${today}`,
  );
  const classA = classes.items.find((c) => c.className === '7A')!;
  const register = await teacher.get<{ entries: { studentId: number; name: string }[] }>(
    `/attendance/classes/${classA.classGroupId}/daily/${await lastSchoolDay(page)}`,
  );
  const student = register.entries[Math.floor(Math.random() * register.entries.length)]!;
  const offset = 60 + Math.floor(Math.random() * 200);
  const reason = `Acara keluarga ${Date.now()}`;
  await teacher.post('/leave-requests', {
    studentId: student.studentId,
    startDate: addDays(today, offset),
    endDate: addDays(today, offset),
    kind: 'IZIN',
    reason,
  });

  await signIn(page, 'principal');
  await page.goto('/backend/mms/tutor/permission');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // on a phone the list is cards; what waits for a decision comes first
  const cards = page.getByTestId('record-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first()).toContainText('Menunggu');
  const card = cards.filter({ hasText: reason });
  await expect(card).toBeVisible();
  await expectNoSidewaysScroll(page);
  const approve = card.getByRole('button', { name: 'Setujui' });
  await expectOnScreen(page, approve);
  await expectOnScreen(page, card.getByText('Menunggu'));
  await approve.tap();
  await page.getByRole('dialog').getByRole('button', { name: 'Setujui' }).tap();
  await expectDone(page);
  // decided, it leaves the pending group at the top
  await expect(cards.filter({ hasText: reason }).filter({ hasText: 'Menunggu' })).toHaveCount(0);
  const decided = await page.request.get('/api/v1/leave-requests?status=approved&pageSize=200');
  expect(((await decided.json()) as { items: { reason: string }[] }).items.map((r) => r.reason)).toContain(reason);
});

test('the principal reads the reports and lists on a phone without sideways scrolling or cut text', async ({
  page,
}) => {
  await signIn(page, 'principal');
  for (const path of [
    '/backend/mms/report/employee-list',
    '/backend/mms/report/student-list',
    '/backend/mms/students/student/list',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('record-card').first().or(page.getByRole('table').first())).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
});

test("the student's own attendance on a phone: whole badges, no sideways scrolling", async ({ page }) => {
  await signIn(page, 'student');
  await page.goto('/backend/mms/students/student/attendance');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  const badges = page.getByTestId('record-card').locator('.mantine-Badge-root');
  for (const badge of (await badges.all()).slice(0, 5)) {
    // a badge whose label is cut shows an ellipsis: its content is wider than its box
    expect(await badge.evaluate((b) => b.scrollWidth <= b.clientWidth + 1)).toBe(true);
  }
});

test("the student's own payments and bills on a phone: every amount and status on the screen, on one line", async ({
  page,
}) => {
  await signIn(page, 'student');
  await page.goto('/backend/mms/students/student/payment');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  for (const name of ['Riwayat pembayaran', 'Tagihan']) {
    const table = page.getByRole('table', { name, exact: true });
    await expect(table).toBeVisible();
    await expectOnScreen(page, table);
  }
  // an amount is never broken after "Rp"
  const amount = page.getByRole('table', { name: 'Tagihan', exact: true }).getByText(/^Rp /).first();
  const lines = await amount.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
});
