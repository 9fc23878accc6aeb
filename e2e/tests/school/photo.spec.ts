import { expect, test } from '@playwright/test';
import { apiAs } from './school-api.ts';

/** A 1×1 PNG, hand-made. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin uploads a photo on a student profile, sees it load, and removes it after confirming', async ({
  page,
}) => {
  const api = await apiAs(page.request, 'admin');
  const { items } = await api.get<{ items: { id: number; name: string }[] }>('/students?status=ACTIVE&pageSize=25');
  const student = items[items.length - 1]!;

  await page.goto(`/backend/mms/students/student/profile/${student.id}`);
  await expect(page.getByText(student.name).first()).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG_1X1 });

  const photo = page.getByRole('img', { name: `Foto ${student.name}`, exact: true });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Hapus foto' }).click();
  await page.getByRole('dialog', { name: 'Hapus foto?' }).getByRole('button', { name: 'Hapus foto' }).click();
  await expect(page.getByRole('img', { name: `Belum ada foto ${student.name}` })).toBeVisible();
  await expect(photo).toHaveCount(0);
});
