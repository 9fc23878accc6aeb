import { crc32, deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { expectDone, signIn } from './support.ts';
import { unique } from './school/school-api.ts';

/** A real PNG of the size: a colour gradient (so a crop is visibly a crop), made here without any library. */
function gradientPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows[row + 1 + x * 3] = Math.round((x / width) * 255);
      rows[row + 2 + x * 3] = Math.round((y / height) * 255);
      rows[row + 3 + x * 3] = 160;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The content journey (issue 18): the ADMIN crops a photo square in the browser (keyboard: arrow keys move, +
 * zooms) and the server's crop becomes the avatar in the header; the ADMIN writes an announcement with a 16:9
 * cover, publishes it, and an anonymous visitor reads it on the landing page and its page, and a teacher sees it on
 * the dashboard. The post is deleted at the end (the demo database is shared by the journeys).
 */
test('an ADMIN crops an avatar, publishes a post, the landing page and a teacher’s dashboard show it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');

  // ---- the avatar: choose, crop 1:1 with the keyboard, save; the header shows the server's crop ----
  await admin.goto('/backend/mms/other/profile');
  await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
  await admin.getByRole('button', { name: 'Ganti foto profil' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Foto profil (1:1)' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'foto.png',
    mimeType: 'image/png',
    buffer: gradientPng(480, 320),
  });
  const area = dialog.getByRole('group', { name: 'Area potong 1:1' });
  await expect(area).toBeVisible();
  await area.focus();
  await admin.keyboard.press('+');
  await admin.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('slider', { name: 'Perbesaran' })).toHaveAttribute('aria-valuenow', '1.1');
  const saved = admin.waitForResponse((r) => r.url().endsWith('/api/v1/me/avatar') && r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: 'Simpan', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expectDone(admin);
  const headerAvatar = admin.getByTestId('header-avatar').locator('img');
  await expect(headerAvatar).toHaveAttribute('src', /^\/api\/v1\/files\/avatars\/[a-f0-9]{32}$/);
  const src = (await headerAvatar.getAttribute('src'))!;
  const served = await admin.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  // square, and smaller than the original's height: the server cut it (zoomed in by one step)
  const size = await admin.evaluate(async (url) => {
    const img = new Image();
    img.src = url;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, src);
  expect(size[0]).toBe(size[1]);
  expect(size[0]).toBeLessThan(320);

  // ---- a public announcement with a 16:9 cover, written and published on the posts screen ----
  const title = `Pengumuman uji konten ${unique()}`;
  await admin.goto('/backend/mms/other/blog-upload');
  await expect(admin.getByRole('heading', { name: 'Pengumuman & berita' })).toBeVisible();
  await admin.getByRole('button', { name: 'Tulis baru' }).click();
  const form = admin.getByRole('dialog', { name: 'Tulis baru' });
  await form.getByRole('textbox', { name: 'Judul' }).fill(title);
  await form.getByRole('textbox', { name: 'Isi' }).click();
  await admin.keyboard.type('Kegiatan belajar dimulai pukul 07.00 WIB.');
  await form.getByRole('button', { name: 'Pilih sampul' }).click();
  const cover = admin.getByRole('dialog', { name: 'Gambar sampul (16:9)' });
  await cover.locator('input[type="file"]').setInputFiles({
    name: 'sampul.png',
    mimeType: 'image/png',
    buffer: gradientPng(640, 480),
  });
  await expect(cover.getByRole('group', { name: 'Area potong 16:9' })).toBeVisible();
  await cover.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(form.getByRole('img', { name: 'Gambar sampul' })).toBeVisible();
  await form.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expectDone(admin);
  const list = admin.getByRole('table', { name: 'Pengumuman & berita' });
  await admin.getByRole('searchbox', { name: 'Cari judul' }).fill(title);
  const row = list.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Draf');
  await row.getByRole('button', { name: `Terbitkan ${title}` }).click();
  await expect(row).toContainText('Tayang');

  // ---- an anonymous visitor: the landing page lists it, its page shows it with the cover ----
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const landing = visitor.getByTestId('landing-posts');
  await expect(landing.getByRole('link', { name: title })).toBeVisible();
  await landing.getByRole('link', { name: title }).click();
  await expect(visitor).toHaveURL(/\/posts\/\d+$/);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('Kegiatan belajar dimulai pukul 07.00 WIB.')).toBeVisible();
  const coverSrc = await visitor.locator('article img').first().getAttribute('src');
  expect((await visitor.request.get(coverSrc!)).status()).toBe(200);
  const postId = Number(visitor.url().split('/').pop());

  // ---- a teacher's dashboard shows it too ----
  const teacher = await (await browser.newContext()).newPage();
  await signIn(teacher, 'teacher');
  await teacher.goto('/backend/dashboard');
  await expect(teacher.getByTestId('posts-widget').getByRole('link', { name: title })).toBeVisible();

  // ---- the media library lists the cover as used; a crop of it is saved as a new image, then deleted ----
  const posts = await admin.request.get(`/api/v1/content/posts?q=${encodeURIComponent(title)}`);
  const coverId = ((await posts.json()) as { items: { coverImageId: number }[] }).items[0]!.coverImageId;
  await admin.goto('/backend/mms/other/image-upload');
  const images = admin.getByRole('table', { name: 'Unggah gambar' });
  const coverRow = images.getByRole('row').filter({ has: admin.getByRole('img', { name: `Gambar #${coverId}` }) });
  await expect(coverRow).toContainText('Dipakai: 1');
  await expect(coverRow.getByRole('button', { name: `Hapus Gambar #${coverId}` })).toHaveCount(0);
  await coverRow.getByRole('button', { name: `Potong Gambar #${coverId}` }).click();
  await expect(admin.getByRole('heading', { name: 'Potong gambar' })).toBeVisible();
  await expect(admin.getByRole('group', { name: 'Area potong 16:9' })).toBeVisible();
  await admin.getByRole('button', { name: 'Perbesar' }).click();
  const made = admin.waitForResponse((r) => r.url().endsWith(`/api/v1/content/images/${coverId}/crop`));
  await admin.getByRole('button', { name: 'Simpan sebagai gambar baru' }).click();
  const crop = (await (await made).json()) as { id: number; sourceImageId: number; width: number; height: number };
  expect(crop.sourceImageId).toBe(coverId);
  expect(Math.abs(crop.width * 9 - crop.height * 16)).toBeLessThanOrEqual(25);
  await expect(admin).toHaveURL(/\/backend\/mms\/other\/image-upload/);
  await images.getByRole('button', { name: `Hapus Gambar #${crop.id}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
  await expectDone(admin, /berhasil dihapus/);
  await admin.goto('/backend/mms/other/blog-upload');
  await admin.getByRole('searchbox', { name: 'Cari judul' }).fill(title);

  // ---- unpublished, it is gone for the visitor (404 page, not a refusal); then deleted ----
  await row.getByRole('button', { name: `Tarik kembali ${title}` }).click();
  await expect(row).toContainText('Draf');
  await visitor.goto(`/posts/${postId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Tulisan tidak ditemukan' })).toBeVisible();
  await row.getByRole('button', { name: `Hapus ${title}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
  await expectDone(admin, /berhasil dihapus/);
});
