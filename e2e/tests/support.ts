import { expect, type Page } from '@playwright/test';
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

/** Today on the server's clock (MMS_NOW may fix it), never the machine running the browser. */
export async function serverToday(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/time');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { date: string }).date;
}

/** Date rules for the journeys: the shared module's, no hand-written date arithmetic. */
export { addDays, weekdayOf };

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
