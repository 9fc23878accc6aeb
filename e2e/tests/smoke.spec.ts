import { expect, test } from '@playwright/test';
import { signInWithForm } from './support.ts';

test('the built app opens in Chromium and a demo user signs in through the form', async ({ page }) => {
  await signInWithForm(page, 'admin');
  await expect(page).toHaveURL(/\/backend\/dashboard/);
  const me = await page.request.get('/api/v1/auth/me');
  expect(me.status()).toBe(200);
  expect((await me.json()).user.username).toBe('admin');
});

test('a wrong password is refused with the server message and no session', async ({ page }) => {
  await signInWithForm(page, 'teacher', 'bukan-sandi-ini');
  await expect(page.getByText('Nama pengguna atau kata sandi salah')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signin/);
  expect((await page.request.get('/api/v1/auth/me')).status()).toBe(401);
});

test('the landing page lists the foundation schools from the server and leads to sign-in', async ({ page }) => {
  await page.goto('/');
  const units = page.getByTestId('unit-list');
  await expect(units).toContainText(/^SD: /m);
  await expect(units).toContainText('SMP: ');
  await page
    .getByRole('link', { name: /^masuk$/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/auth\/signin/);
});
