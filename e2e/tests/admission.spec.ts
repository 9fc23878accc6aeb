import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support.ts';

// An 8×10 PNG and a minimal PDF: real files the server sniffs, re-encodes (the PNG) and keeps.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAKCAIAAAAGpYjXAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMwTluFFTEMdwkAJ9lk8dGQHB0AAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function upload(page: Page, button: RegExp, name: string, mimeType: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ name, mimeType, buffer });
  await expect(
    page.getByRole('link', {
      name: new RegExp(
        `^${name === 'foto.png' ? 'Pas foto' : name === 'akta.pdf' ? 'Akta kelahiran' : 'Kartu keluarga'}$`,
      ),
    }),
  ).toBeVisible();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * The parents' admission journey (issue 17) on a 390 px phone, without an account: register on /spmb (the number
 * and PIN shown once), complete the form, upload the photo, birth certificate and family card, send it; sign out
 * and come back with the number and PIN; then TU checks the documents and verifies the applicant. (The selection
 * test, the correction, the decision and re-registration follow in the integrated journey.)
 */
test('a parent registers on a phone, comes back with number and PIN, and TU verifies', async ({ browser }) => {
  test.setTimeout(180_000);
  const parent = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();

  // ---- step 1 on /spmb, linked from the landing page ----
  await parent.goto('/');
  await parent.getByRole('link', { name: 'Pendaftaran siswa baru (SPMB)' }).click();
  await expect(parent.getByRole('heading', { name: 'Pendaftaran Siswa Baru (SPMB)' })).toBeVisible();
  await parent.getByRole('button', { name: 'Daftar' }).click();
  await expect(parent.getByText('Nama calon siswa wajib diisi (minimal 2 huruf)')).toBeVisible();
  const name = `Zahra Anindita ${Date.now() % 10000}`;
  await parent.getByRole('textbox', { name: 'Nama lengkap' }).fill(name);
  const birth = parent.getByRole('textbox', { name: 'Tanggal lahir' });
  await birth.fill('2014-05-02');
  await birth.blur();
  await parent.getByRole('textbox', { name: 'Nomor HP' }).fill('0812 3456 7890');
  await parent.getByRole('button', { name: 'Daftar' }).click();
  const regNo = (await parent.getByTestId('reg-no').innerText()).trim();
  const pin = (await parent.getByTestId('reg-pin').innerText()).trim();
  expect(regNo).toMatch(/^SPMB\/SMP\/\d{4}\/\d{4}$/);
  expect(pin).toMatch(/^\d{6}$/);
  expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // ---- the full form, the documents and Kirim ----
  await parent.getByRole('link', { name: 'Lanjut mengisi formulir' }).click();
  await expect(parent.getByTestId('status-reg-no')).toHaveText(regNo);
  await parent.getByRole('textbox', { name: 'NIK (16 angka)' }).fill('3201');
  await parent.getByRole('button', { name: 'Simpan draf' }).click();
  await expect(parent.getByText('NIK terdiri dari 16 angka')).toBeVisible();
  await parent.getByRole('textbox', { name: 'NIK (16 angka)' }).fill('3201234567890123');
  await choose(parent, 'Jenis kelamin', 'Perempuan');
  await parent.getByRole('textbox', { name: 'Tempat lahir' }).fill('Bogor');
  await parent.getByRole('textbox', { name: 'Alamat' }).fill('Jl. Melati 3, Bogor');
  await parent.getByRole('textbox', { name: 'Nama ibu' }).fill('Siti Aminah');
  await parent.getByRole('textbox', { name: 'Sekolah asal', exact: true }).fill('SD Negeri 1 Bogor');
  await choose(parent, 'Mukim (asrama)', 'Mukim (asrama)');
  await parent.getByRole('button', { name: 'Simpan draf' }).click();
  await expect(parent.getByText('Tersimpan').first()).toBeVisible();
  await upload(parent, /Unggah Pas foto/, 'foto.png', 'image/png', PNG);
  await upload(parent, /Unggah Akta kelahiran/, 'akta.pdf', 'application/pdf', PDF);
  await upload(parent, /Unggah Kartu keluarga/, 'kk.png', 'image/png', PNG);
  await parent.getByRole('button', { name: 'Kirim formulir' }).click();
  await parent.getByRole('dialog').getByRole('button', { name: 'Kirim formulir' }).click();
  await expect(parent.getByTestId('applicant-state')).toHaveText('Terdaftar');

  // ---- sign out, come back with the number and the PIN ----
  await parent.getByRole('button', { name: 'Keluar', exact: true }).click();
  await expect(parent.getByRole('button', { name: 'Masuk', exact: true })).toBeVisible();
  await parent.getByRole('textbox', { name: 'Nomor pendaftaran' }).fill(regNo.toLowerCase());
  await parent.getByLabel('PIN').fill('000000');
  await parent.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(parent.getByText('Nomor pendaftaran atau PIN salah').first()).toBeVisible();
  await parent.getByLabel('PIN').fill(pin);
  await parent.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(parent.getByTestId('status-reg-no')).toHaveText(regNo);
  await expect(parent.getByTestId('applicant-state')).toHaveText('Terdaftar');
  await expect(parent.getByRole('textbox', { name: 'Nama ibu' })).toHaveValue('Siti Aminah');

  // ---- TU finds the applicant, checks the documents and verifies ----
  const tu = await (await browser.newContext()).newPage();
  await signIn(tu, 'tu');
  await tu.goto('/backend/mms/principal/admission-list');
  await tu.getByLabel(/Cari nama/).fill(name);
  await tu.getByRole('link', { name: regNo }).click();
  await expect(tu.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  await tu.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(tu.getByText(/belum dinyatakan sesuai/).first()).toBeVisible();
  for (const kind of ['Pas foto', 'Akta kelahiran', 'Kartu keluarga']) {
    await tu.getByRole('button', { name: `Sesuai ${kind}` }).click();
    await expect(tu.getByRole('row').filter({ hasText: kind }).getByText('Belum diperiksa')).toHaveCount(0);
  }
  await tu.getByRole('button', { name: 'Verifikasi' }).click();
  await expect(tu.getByTestId('applicant-state')).toHaveText('Terverifikasi');

  // the parent sees it, the form is closed and the test is one link away
  await parent.reload();
  await expect(parent.getByTestId('applicant-state')).toHaveText('Terverifikasi');
  await expect(parent.getByRole('link', { name: 'Ikuti tes seleksi' })).toHaveAttribute('href', '/spmb/test');
  await expect(parent.getByRole('button', { name: 'Kirim formulir' })).toHaveCount(0);
});
