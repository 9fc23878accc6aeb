import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';
import { unique } from './school/school-api.ts';

/**
 * Administration (issue 18): an ADMIN creates an account on the users page, the account signs in in a second
 * browser, the ADMIN disables it from the list and that browser's next navigation lands on the sign-in page;
 * the audit trail shows the disable with its before and after. The random generator repeats a draw from its seed.
 */
test('an ADMIN creates an account, disables it and its session ends at once; the audit trail shows it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await (await browser.newContext()).newPage();
  const other = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');
  const username = `e2e.akun.${unique()}`;
  const password = 'Kebun-Salak-2026';

  // ---- create the account on the users page ----
  await admin.goto('/backend/mms/other/users');
  await expect(admin.getByRole('heading', { name: 'Pengguna', exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'Tambah akun' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Tambah akun' });
  await dialog.getByRole('textbox', { name: 'Nama pengguna' }).fill(username);
  await dialog.getByRole('textbox', { name: 'Nama', exact: true }).fill('Akun Uji Journey');
  await dialog.getByRole('combobox', { name: 'Divisi' }).click();
  await admin.getByRole('option', { name: 'Tata Usaha', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Unit' }).click();
  await admin.getByRole('option', { name: /^SMP/ }).click();
  await dialog.getByLabel('Kata sandi awal').fill(password);
  await dialog.getByRole('button', { name: 'Buat akun' }).click();
  await expect(admin.getByRole('heading', { name: `Akun ${username}` })).toBeVisible();
  const userUrl = admin.url();
  const userId = Number(userUrl.split('/').pop());
  expect(userId).toBeGreaterThan(0);

  // ---- the account signs in in a second browser ----
  const login = await other.request.post('/api/v1/auth/login', { data: { username, password } });
  expect(login.status()).toBe(200);
  await other.goto('/backend/mms/dashboard');
  await expect(other).toHaveURL(/\/backend\/mms\/dashboard/);
  await expect(other.getByRole('heading', { level: 1 }).first()).toBeVisible();

  // its session shows on the account's page
  await admin.reload();
  await expect(admin.getByRole('table', { name: 'Sesi akun ini' }).getByRole('row')).toHaveCount(2);

  // ---- the ADMIN disables it from the users page ----
  await admin.goto('/backend/mms/other/users');
  await admin.getByRole('searchbox', { name: 'Cari nama atau nama pengguna' }).fill(username);
  const list = admin.getByRole('table', { name: 'Daftar akun pengguna' });
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list.getByRole('row').nth(1)).toContainText('Aktif');
  await list.getByRole('button', { name: `Nonaktifkan ${username}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Nonaktifkan akun?' });
  await confirm.getByRole('button', { name: 'Nonaktifkan' }).click();
  await expect(
    admin.locator('.mantine-Notification-root').filter({ hasText: `Akun ${username} dinonaktifkan` }),
  ).toBeVisible();
  await expect(list.getByRole('row').nth(1)).toContainText('Nonaktif');

  // ---- the second browser's next navigation lands on sign-in ----
  await other.goto('/backend/mms/other/profile');
  await expect(other).toHaveURL(/\/auth\/signin/);

  // ---- the audit trail shows the disable entry, with before and after ----
  await admin.goto('/backend/mms/other/audit');
  await expect(admin.getByRole('heading', { name: 'Jejak audit', exact: true })).toBeVisible();
  await admin.getByRole('textbox', { name: 'Awalan aksi' }).fill('users.disable');
  const trail = admin.getByRole('table', { name: 'Entri jejak audit' });
  const row = trail
    .getByRole('row')
    .filter({ hasText: 'Pengguna: dinonaktifkan' })
    .filter({ hasText: String(userId) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('admin');
  // the action in words (users.disable), never its code
  await expect(row).not.toContainText('users.disable');
  await row.getByRole('button', { name: /^Rincian Pengguna: dinonaktifkan/ }).click();
  const detail = admin.getByRole('dialog', { name: 'Entri audit Pengguna: dinonaktifkan' });
  await expect(detail.getByTestId('audit-Sebelum')).toContainText('"isActive": true');
  await expect(detail.getByTestId('audit-Sesudah')).toContainText('"isActive": false');
  await expect(detail.getByTestId('audit-Sesudah')).toContainText('"sessionsEnded": 1');
});

test('the random generator repeats a draw from its seed', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/backend/mms/other/random-generator');
  await expect(page.getByRole('heading', { name: 'Pembangkit acak', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Kelas' }).click();
  await page.getByRole('option', { name: '7A', exact: true }).first().click();
  await page.getByRole('textbox', { name: 'Jumlah siswa' }).fill('4');
  await page.getByRole('button', { name: 'Undi' }).click();

  const seedText = await page.getByTestId('draw-seed').innerText();
  const seed = seedText.replace(/\D/g, '');
  expect(Number(seed)).toBeGreaterThan(0);
  const drawn = page.getByRole('table', { name: 'Siswa terpilih' }).getByRole('row');
  await expect(drawn).toHaveCount(5);
  const first = await drawn.allInnerTexts();

  // a new draw without the seed usually differs; the seed brings the first one back exactly
  await page.getByRole('textbox', { name: /^Kode acak/ }).fill(seed);
  await page.getByRole('button', { name: 'Undi' }).click();
  await expect(page.getByTestId('draw-seed')).toHaveText(`Kode acak: ${seed}`);
  await expect(drawn).toHaveCount(5);
  expect(await drawn.allInnerTexts()).toEqual(first);

  // the same seed splits the class into groups, every student once
  await page.getByText('Bagi kelompok').click();
  await page.getByRole('textbox', { name: 'Jumlah kelompok' }).fill('3');
  await page.getByRole('button', { name: 'Undi' }).click();
  await expect(page.getByTestId('draw-group')).toHaveCount(3);
  await expect(page.getByRole('table', { name: 'Kelompok 1' })).toBeVisible();
});
