import { expect, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { addDays, weekdayOf } from '@mms/shared';

export const DEMO_PASSWORD = 'demo-mms-2026';

/** Signs in through the API; the session cookie lands in the page's browser context. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  const res = await page.request.post('/api/v1/auth/login', { data: { username, password } });
  expect(res.status(), `sign-in of ${username}`).toBe(200);
}

/** Signs in through the sign-in form, as a person does. */
export async function signInWithForm(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/signin');
  await page.getByLabel(/nama pengguna|username/i).fill(username);
  await page.getByLabel(/^(kata sandi|password)$/i).fill(password);
  await page.getByRole('button', { name: /^(masuk|sign in)$/i }).click();
}

/**
 * Brings the page to rest: every CSS transition and finite animation that runs (a skeleton fading out, a dialog or
 * menu sliding in) is finished at once, then none may run, so an audit reads the colours and places the screen comes
 * to rest at; a spinner's endless animation does not count. Finished rather than waited for: headless Chromium
 * without a trace's screencast draws few frames, and an animation seen as running stayed so for seconds (the walk's
 * dark and phone checks took 2-3 s a screen instead of 0.4-0.8).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      for (const a of running) a.finish();
      return running.length === 0;
    },
    undefined,
    { timeout: 10_000 },
  );
}

/** Today on the server's clock (MMS_NOW may fix it), never the machine running the browser. */
export async function serverToday(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/time');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { date: string }).date;
}

/** Now on the server's clock, in epoch milliseconds: windows a test opens must be open on that clock. */
export async function serverNow(page: Page): Promise<number> {
  const res = await page.request.get('/api/v1/time');
  expect(res.status()).toBe(200);
  return new Date(((await res.json()) as { jkt: string }).jkt).getTime();
}

/** Date rules for the journeys: the shared module's, no hand-written date arithmetic. */
export { addDays, weekdayOf };

/**
 * Context options whose requests (pages, their fetches, `page.request`) run on the server's clock set to 09:00 WIB
 * of `day` (the browser suite's server has MMS_TEST_CLOCK; the web app takes its "today" from the server's
 * answers). A journey that needs school days behind it sets its day so: it runs on every day of the year, and the
 * journeys beside it keep the server's own clock.
 */
export const onDay = (day: string): BrowserContextOptions => ({
  extraHTTPHeaders: { 'x-mms-test-now': `${day}T09:00:00+07:00` },
});

/**
 * The day a journey runs on: today on the server's clock, or the day `days` after the school year began when
 * fewer have passed (the first days of July, when no past school day of the year exists yet).
 */
export async function dayIntoYear(browser: Browser, days: number): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, 'principal');
    const res = await page.request.get('/api/v1/calendar');
    expect(res.status()).toBe(200);
    const { startDate } = (await res.json()) as { startDate: string };
    const today = await serverToday(page);
    const earliest = addDays(startDate, days);
    return today < earliest ? earliest : today;
  } finally {
    await context.close();
  }
}

/** The latest day a register can be taken for: today on the server's clock, or Saturday when it is a Sunday. */
export async function lastSchoolDay(page: Page): Promise<string> {
  const today = await serverToday(page);
  return weekdayOf(today) === 7 ? addDays(today, -1) : today;
}

/**
 * A success is a notification that does not block ("Data berhasil disimpan", "... berhasil dihapus"):
 * it is shown, and nothing waits to be dismissed. Nothing of the old blocking "Info" dialog remains.
 */
export async function expectDone(page: Page, text: RegExp = /berhasil (disimpan|dihapus)/): Promise<void> {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).last()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Info' })).toHaveCount(0);
}

/**
 * Chooses a month (`YYYY-MM`) in a month field (a button that opens a year of months): steps the year with the
 * header's arrows, then clicks the month by its place, so it works in both languages.
 */
export async function pickMonth(scope: Page | Locator, label: string, month: string): Promise<void> {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const page = 'page' in scope ? scope.page() : scope;
  await scope.getByLabel(label, { exact: true }).click();
  const dropdown = page.locator('[data-dates-dropdown]').last();
  const header = dropdown.locator('.mantine-MonthPickerInput-calendarHeaderLevel');
  for (let i = 0; i < 20; i++) {
    const shown = Number(await header.innerText());
    if (shown === year) break;
    await dropdown
      .locator(`[data-direction="${shown > year ? 'previous' : 'next'}"]`)
      .first()
      .click();
    await expect(header).not.toHaveText(String(shown));
  }
  await dropdown
    .locator('.mantine-MonthPickerInput-monthsListControl')
    .nth(m - 1)
    .click();
  await expect(dropdown).toBeHidden();
}

/** Types a date (`YYYY-MM-DD`, which the date fields accept besides `25/11/2026`) and leaves it (its calendar closes). */
export async function fillDate(scope: Page | Locator, label: string, date: string): Promise<void> {
  const field = scope.getByRole('textbox', { name: label, exact: true });
  await field.fill(date);
  await field.blur();
}

/**
 * Picks an option of a MultiSelect (by its whole name; without one, the first) by keyboard: focus, ArrowDown opens
 * its list, a click takes the option. A click on the field while its dialog is still sliding in can land on the
 * field at mousedown and beside it at mouseup (then nothing opens); the keyboard does not depend on where it is.
 */
export async function pickFromMultiSelect(scope: Page | Locator, label: string, option?: string): Promise<void> {
  const field = scope.getByRole('combobox', { name: label, exact: true });
  const page = 'page' in scope ? scope.page() : scope;
  await field.focus();
  await field.press('ArrowDown');
  const options = page.getByRole('option');
  await (option === undefined ? options.first() : page.getByRole('option', { name: option, exact: true })).click();
}
