import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { fillDate, serverToday } from './support.ts';
import { apiAs } from './school/school-api.ts';

// A 2×2 PNG (the server re-encodes what it stores).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The upload history (issue 18): a teacher uploads a picture from the question editor's upload call and
 * leaves it unused; ADMIN finds it in the history by its uploader, kind, day and use, removes it after
 * confirming, and the picture is gone.
 */
test('ADMIN finds an upload in the history with the filters and removes the unused file after confirming', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const teacher = await (await browser.newContext()).newPage();
  const teacherApi = await apiAs(teacher.request, 'teacher');
  const csrf = (await teacherApi.get<{ csrfToken: string }>('/auth/me')).csrfToken;
  const upload = await teacher.request.post('/api/v1/questions/images', {
    multipart: { file: { name: 'gambar-soal.png', mimeType: 'image/png', buffer: PNG } },
    headers: { 'x-csrf-token': csrf },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const url = ((await upload.json()) as { url: string }).url;
  const name = url.split('/').pop()!;
  expect((await teacher.request.get(url)).status()).toBe(200);

  const admin = await (await browser.newContext()).newPage();
  await apiAs(admin.request, 'admin');
  const today = await serverToday(admin);
  await admin.goto('/backend/mms/other/upload-history');
  await expect(admin.getByRole('heading', { name: 'Riwayat unggahan' })).toBeVisible();
  const table = admin.getByRole('table', { name: 'Riwayat unggahan' });
  await expect(table.getByText(name.slice(0, 12))).toBeVisible();

  // the filters: kind, use, uploader and the day narrow the list to the teacher's unused pictures of today
  await admin.getByRole('combobox', { name: 'Jenis', exact: true }).click();
  await admin.getByRole('option', { name: /^Gambar soal/ }).click();
  await admin.getByRole('combobox', { name: 'Pemakaian', exact: true }).click();
  await admin.getByRole('option', { name: 'Tidak dipakai', exact: true }).click();
  await admin.getByRole('textbox', { name: 'Pengunggah (nama/pengguna)' }).fill('teacher');
  await fillDate(admin, 'Dari tanggal', today);
  await fillDate(admin, 'Sampai tanggal', today);
  const row = table.getByRole('row').filter({ hasText: name.slice(0, 12) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Gambar soal');
  await expect(row).toContainText('Tidak dipakai');
  await expect(row).toContainText('(teacher)');
  for (const r of await table.getByRole('row').filter({ hasNotText: 'Pengunggah' }).all()) {
    await expect(r).toContainText('Tidak dipakai');
  }
  // a day after today: nothing
  await fillDate(admin, 'Dari tanggal', '2099-01-01');
  await fillDate(admin, 'Sampai tanggal', '2099-01-02');
  await expect(row).toHaveCount(0);
  await fillDate(admin, 'Dari tanggal', today);
  await fillDate(admin, 'Sampai tanggal', today);
  await expect(row).toBeVisible();

  // removal asks first; "Batal" keeps the file
  await row.getByRole('button', { name: `Hapus berkas ${name}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Hapus berkas?' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Hapus berkas ${name}` }).click();
  await admin
    .getByRole('dialog', { name: 'Hapus berkas?' })
    .getByRole('button', { name: 'Hapus', exact: true })
    .click();
  await expect(admin.locator('.mantine-Notification-root').filter({ hasText: 'Berkas dihapus' })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await teacher.request.get(url)).status()).toBe(404);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the upload history passes axe-core (WCAG 2.1 AA) in ${scheme}`, async ({ browser }) => {
    const page = await (await browser.newContext({ colorScheme: scheme })).newPage();
    await apiAs(page.request, 'admin');
    await page.goto('/backend/mms/other/upload-history');
    await expect(page.getByRole('heading', { name: 'Riwayat unggahan' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]')).toHaveCount(0);
    await expect.poll(() => page.title()).toMatch(/. · MMS$/);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
    expect(serious).toEqual([]);
  });
}
