import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';
import { unique } from './school/school-api.ts';

/**
 * API tokens (issue 18): an ADMIN creates a token on the screen, copies it (shown once), an old-client
 * call with it answers 200, the ADMIN revokes it on the screen, and the same call answers 401.
 */
test('an ADMIN creates a token, a legacy call works with it, and after revocation it is refused', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'admin');
  const name = `Integrasi e2e ${unique()}`;

  // ---- reached from the ADMIN's menu (Administrasi → Sistem → Token API) ----
  await page.goto('/backend/dashboard');
  const menuLink = page.getByRole('link', { name: 'Token API', exact: true });
  if (!(await menuLink.isVisible())) await page.getByRole('button', { name: 'Sistem', exact: true }).first().click();
  await menuLink.click();
  await expect(page).toHaveURL(/\/backend\/mms\/other\/api-tokens$/);
  await expect(page.getByRole('heading', { name: 'Token API', level: 1 })).toBeVisible();

  // ---- create: a name, the ADMIN's own account, one permission ----
  await page.getByRole('button', { name: 'Buat token', exact: true }).first().click();
  const form = page.getByRole('dialog', { name: 'Buat token' });
  await form.getByRole('textbox', { name: 'Nama token' }).fill(name);
  await form.getByRole('checkbox', { name: 'school.read', exact: true }).check();
  await form.getByRole('button', { name: 'Buat token', exact: true }).click();

  // ---- shown once, with a copy button ----
  const shown = page.getByRole('dialog', { name: 'Token baru' });
  await expect(shown.getByText(/hanya ditampilkan sekali/)).toBeVisible();
  const token = (await shown.getByTestId('new-api-token').innerText()).trim();
  expect(token).toMatch(/^mms_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Salin token' }).click();
  await expect(shown.getByRole('button', { name: 'Tersalin' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await shown.getByRole('button', { name: 'Selesai' }).click();
  await expect(shown).toBeHidden();

  // ---- the list shows its first characters, never the token ----
  await page.getByRole('searchbox', { name: 'Cari nama, akun atau awalan token' }).fill(name);
  // the search answers after a pause: until then the unfiltered page holds the row too, and a click on it can
  // land as the table redraws (the Monday run lost the click on Cabut that way)
  await expect(page.getByRole('table', { name: 'Token API' }).getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Aktif', { exact: true })).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);

  // ---- a legacy call with the token alone (a request context of its own: no cookie) ----
  const outside = await playwright.request.newContext({ baseURL });
  const call = () => outside.get('/api/legacy/getTapelSMP', { headers: { authorization: `Bearer ${token}` } });
  const ok = await call();
  expect(ok.status()).toBe(200);
  const years = (await ok.json()) as { id: number; tapel: string; is_active: boolean }[];
  expect(years.some((y) => y.is_active)).toBe(true);

  // ---- revoke, confirmed first ----
  await row.getByRole('button', { name: `Cabut ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Cabut token API' });
  await expect(confirm.getByText(name)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cabut', exact: true }).click();
  await expect(row.getByText('Dicabut', { exact: true })).toBeVisible();

  const refused = await call();
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
  await outside.dispose();
});
