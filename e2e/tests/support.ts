import { expect, type Page } from '@playwright/test';

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
