import { expect, test } from '@playwright/test';
import { lastSchoolDay, signIn, signInWithForm } from '../support.ts';

// The keyboard and screen-reader findings of the accessibility audit, each as a journey.

test('the first Tab reaches a skip link that moves focus past the menu to the screen', async ({ page }) => {
  await signIn(page, 'teacher');
  await page.goto('/backend/dashboard');
  // the app's heading, not the boot frame's (the server draws the screen's name there before the scripts run)
  await expect(page.locator('#main h1')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Lewati ke konten' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});

test('after sign-in and after each navigation, focus is on the new screen heading and the title names it', async ({
  page,
}) => {
  await signInWithForm(page, 'principal');
  await expect(page).toHaveURL(/\/backend\/dashboard/);
  const heading = page.locator('#main h1');
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle('Dasbor · MMS');
  await page.getByTestId('main-menu').getByRole('link', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/other\/profile$/);
  await expect(page.locator('#main h1')).toBeFocused();
  await expect(page).toHaveTitle('Profil · MMS');
});

test('guest pages have their own titles too', async ({ page }) => {
  await page.goto('/auth/signin');
  await expect(page).toHaveTitle(/^.+ · MMS$/);
  const signInTitle = await page.title();
  await page.goto('/');
  await expect(page).toHaveTitle(/^.+ · MMS$/);
  expect(await page.title()).not.toBe(signInTitle);
});

test('the password toggle is a named button the keyboard reaches', async ({ page }) => {
  await page.goto('/auth/signin');
  const password = page.getByLabel(/^kata sandi$/i);
  await password.fill('rahasia');
  await password.focus();
  await page.keyboard.press('Tab');
  const toggle = page.getByRole('button', { name: /tampilkan.*kata sandi/i });
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(password).toHaveAttribute('type', 'text');
});

test('the closed mobile menu is out of the tab order; open, it is in', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'teacher');
  await page.goto('/backend/dashboard');
  await expect(page.locator('#main h1')).toBeVisible();
  const menuLinks = page.getByTestId('main-menu').getByRole('link');
  // Tab through the page: no menu link takes focus while the menu is closed
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await menuLinks.evaluateAll((ls) => ls.some((l) => l === document.activeElement))).toBe(false);
  }
  await page
    .getByRole('button', { name: /menu samping/i })
    .first()
    .click();
  await menuLinks.first().focus();
  await expect(menuLinks.first()).toBeFocused();
});

test('a focused input shows a focus ring', async ({ page }) => {
  await page.goto('/auth/signin');
  const input = page.getByLabel(/nama pengguna/i);
  await input.focus();
  const outline = await input.evaluate(
    (el) => getComputedStyle(el).outlineStyle + ' ' + getComputedStyle(el).outlineWidth,
  );
  expect(outline).toBe('solid 2px');
});

test('on a phone, a register field reached by Tab is not hidden under the sticky save bar', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signIn(page, 'teacher');
  const day = await lastSchoolDay(page);
  const classes = (await (await page.request.get(`/api/v1/attendance/classes?date=${day}`)).json()) as {
    items: { classGroupId: number }[];
  };
  await page.goto(`/backend/mms/tutor/attendance-list/${classes.items[0]!.classGroupId}/${day}`);
  const bar = page.getByTestId('register-save-bar');
  await expect(bar).toBeVisible();
  const fields = page.locator('#main input:not([type=hidden]), #main [role=radio]');
  const n = await fields.count();
  expect(n).toBeGreaterThan(5);
  await fields.first().focus();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    if ((await bar.evaluate((b) => b.contains(document.activeElement))) || !(await focused.count())) continue;
    const f = (await focused.boundingBox())!;
    const b = (await bar.boundingBox())!;
    expect(f.y + f.height, 'focused field above the save bar').toBeLessThanOrEqual(b.y + 1);
  }
});
