import { expect, test, type Page } from '@playwright/test';
import { signIn, signInWithForm } from '../support.ts';

const menu = (page: Page) => page.getByTestId('main-menu');

// Specification section 2, "Menus per division": a few entries each.
const MENUS: Record<string, { present: string[]; absent: string[] }> = {
  student: { present: ['Dasbor', 'Profil', 'Kuis online (formatif)', 'Ujian online'], absent: ['Input jurnal'] },
  teacher: {
    present: ['Presensi saya', 'Jadwal mengajar saya', 'Input jurnal', 'Input sanksi'],
    absent: ['Mata pelajaran'],
  },
  teachercashier: { present: ['Input jurnal', 'Jadwal ujian', 'Pembayaran'], absent: ['Wali kelas'] },
  principal: { present: ['Daftar guru', 'Input siswa', 'Salat zuhur', 'Leveling BTQ'], absent: ['Pembayaran'] },
  wakakur: { present: ['Mata pelajaran', 'Wali kelas', 'Mutasi kelas', 'Total jam mengajar'], absent: ['Pembayaran'] },
  yayasan: { present: ['Master bisyaroh', 'Proses bisyaroh', 'Daftar bisyaroh'], absent: ['Input jurnal'] },
  bpbk: { present: ['Input prestasi', 'Daftar konseling', 'Input tes psikologi'], absent: ['Input jurnal'] },
  tu: { present: ['Profil', 'Jadwal ujian', 'Jurnal siswa & guru', 'Input siswa baru'], absent: ['Input jurnal'] },
  admin: {
    present: ['Input siswa', 'Laporan daftar pegawai', 'Input soal seleksi', 'Pengguna'],
    absent: ['Ujian online'],
  },
};

async function openAllSubmenus(page: Page) {
  const closed = menu(page).locator('[data-submenu][aria-expanded="false"]');
  for (let n = await closed.count(); n > 0; n = await closed.count()) await closed.first().click();
}

test.describe('menus per division', () => {
  for (const [username, { present, absent }] of Object.entries(MENUS)) {
    test(`${username} sees its menu`, async ({ page }) => {
      await signIn(page, username);
      await page.goto('/backend/dashboard');
      await expect(menu(page)).toBeVisible();
      await openAllSubmenus(page);
      for (const label of present) await expect(menu(page).getByText(label, { exact: true }).first()).toBeVisible();
      for (const label of absent) await expect(menu(page).getByText(label, { exact: true })).toHaveCount(0);
    });
  }
});

test('a protected path without a session goes to sign-in and back after it', async ({ page }) => {
  await page.goto('/backend/mms/other/profile');
  await expect(page).toHaveURL(/\/auth\/signin\?next=%2Fbackend%2Fmms%2Fother%2Fprofile/);
  await page.getByLabel(/nama pengguna/i).fill('teacher');
  await page.getByLabel(/^kata sandi$/i).fill('demo-mms-2026');
  await page.getByRole('button', { name: /^masuk$/i }).click();
  await expect(page).toHaveURL(/\/backend\/mms\/other\/profile$/);
});

test('/backend/dashboard without a session goes to sign-in', async ({ page }) => {
  await page.goto('/backend/dashboard');
  await expect(page).toHaveURL(/\/auth\/signin/);
});

test('sign out ends the session and shows sign-in', async ({ page }) => {
  await signInWithForm(page, 'teacher');
  await expect(page).toHaveURL(/\/backend\/dashboard/);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/auth\/signin/);
  await expect(page.getByTestId('signed-out')).toBeVisible();
  await page.goto('/backend/dashboard');
  await expect(page).toHaveURL(/\/auth\/signin/);
});

test('the user menu loads on its first press and works by keyboard', async ({ page }) => {
  await signIn(page, 'teacher');
  await page.goto('/backend/dashboard');
  // its menu code is not part of the screen (app-header.tsx): the button is there, the menu loads when pressed
  const button = page.getByTestId('user-menu');
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(menu.getByRole('menuitem', { name: 'Profil' })).toBeVisible();
});

test("the header's icon buttons show their label on hover and on keyboard focus", async ({ page }) => {
  await signIn(page, 'teacher');
  await page.goto('/backend/dashboard');
  // a tooltip drawn by CSS (components/tip.tsx): no positioning code in the screen
  const search = page.getByTestId('open-search');
  const tip = search.locator('xpath=..');
  const shown = () => tip.evaluate((el) => Number(getComputedStyle(el, '::after').opacity));
  await expect(tip).toHaveAttribute('data-tip', 'Buka pencarian');
  expect(await shown()).toBe(0);
  await search.hover();
  await expect.poll(shown).toBe(1);
  await page.mouse.move(600, 400);
  await expect.poll(shown).toBe(0);
  await page.getByTestId('toggle-mini').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(search).toBeFocused();
  await expect.poll(shown).toBe(1);
});

test('the mini sidebar and the horizontal menu load their flyouts when chosen', async ({ page }) => {
  await signIn(page, 'teacher');
  await page.goto('/backend/dashboard');
  const menu = page.getByTestId('main-menu');
  // mini: icons only, each named; a tooltip on hover; a submenu opens beside its icon (menu-flyouts.tsx)
  await page.getByTestId('toggle-mini').click();
  await expect(menu).toHaveAttribute('data-mini', 'true');
  const dashboardLink = menu.locator('a[data-route="dashboard"]');
  await expect(dashboardLink).toHaveAccessibleName('Dasbor');
  await dashboardLink.hover();
  await expect(page.getByRole('tooltip', { name: 'Dasbor' })).toBeVisible();
  await menu.locator('[data-submenu]').first().click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('toggle-mini').click();
  await expect(menu).not.toHaveAttribute('data-mini', 'true');
  // the boxed layout's horizontal menu: a submenu opens under its button
  await page.getByRole('button', { name: 'Buka panel pengaturan' }).click();
  await page.getByRole('combobox', { name: 'Tata letak' }).click();
  await page.getByRole('option', { name: 'Kotak, menu horizontal' }).click();
  await page.keyboard.press('Escape');
  const bar = page.getByTestId('app-header').getByTestId('main-menu');
  await expect(bar).toBeVisible();
  await bar.locator('[data-submenu]').first().click();
  await expect(page.getByRole('menu')).toBeVisible();
});

test('search overlay: Escape closes it, Enter lands on the search page with results', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/backend/dashboard');
  // its code loads on the first opening (backend-layout.tsx); focus still goes in, and back to the button after
  await page.getByTestId('open-search').click();
  const input = page.getByPlaceholder('Search or hit ESC..');
  await expect(input).toBeVisible();
  await expect(input).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(input).toBeHidden();
  await expect(page.getByTestId('open-search')).toBeFocused();
  await page.getByTestId('open-search').click();
  await input.fill('jurnal');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/backend\/pages\/generic\/search\?query=jurnal/);
  await expect(page.getByTestId('search-group-menu')).toBeVisible();
});

test('dark mode system follows an emulated color-scheme change', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, 'teacher');
  await page.goto('/backend/dashboard');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-dark-mode', 'system');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('at 800 px a menu link closes the sidebar', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(page, 'teacher');
  await page.goto('/backend/dashboard');
  const shell = page.locator('[data-sidebar-open]');
  await expect(shell).toHaveAttribute('data-sidebar-open', 'false');
  await page.getByTestId('toggle-sidebar').click();
  await expect(shell).toHaveAttribute('data-sidebar-open', 'true');
  await menu(page).getByText('Profil', { exact: true }).click();
  await expect(page).toHaveURL(/\/backend\/mms\/other\/profile/);
  await expect(shell).toHaveAttribute('data-sidebar-open', 'false');
});

test('each error page renders with a way back', async ({ page }) => {
  for (const code of ['400', '401', '403', '404', '500', '503']) {
    await page.goto(`/errors/${code}`);
    await expect(page.getByTestId(`error-${code}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kembali' })).toBeVisible();
  }
  await page.goto('/no/such/page');
  await expect(page.getByTestId('error-404')).toBeVisible();
});

test('specials: status shows live health, coming-soon names the screen', async ({ page }) => {
  await page.goto('/specials/status');
  await expect(page.getByTestId('status-server')).toHaveText('Normal');
  await page.goto('/specials/coming-soon?screen=tutor-journal');
  await expect(page.getByTestId('coming-soon-screen')).toContainText('Input jurnal');
  await page.goto('/specials/maintenance');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the color theme choice survives a reload', async ({ page }) => {
  await signIn(page, 'wakakur');
  await page.goto('/backend/dashboard');
  await page.getByTestId('open-side-overlay').click();
  await page.getByTestId('setting-color-theme').click();
  await page.getByRole('option', { name: 'Amethyst' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-color-theme', 'amethyst');
  await page.reload();
  await expect(page.getByTestId('main-menu')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-color-theme', 'amethyst');
});

test('footer shows name, version and copyright; header shows the user', async ({ page }) => {
  await signIn(page, 'principal');
  const missing: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 404) missing.push(res.url());
  });
  await page.goto('/backend');
  await expect(page).toHaveURL(/\/backend\/dashboard$/);
  await expect(page.getByTestId('app-footer')).toContainText('MMS');
  await expect(page.getByTestId('app-version')).toContainText('1.7.0');
  await expect(page.getByTestId('header-avatar')).toHaveCSS('width', '21px');
  // the page names its icon, which is served (no favicon 404 on every page)
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  const res = await page.request.get(icon!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('image/svg+xml');
  expect(missing).toEqual([]);
});
